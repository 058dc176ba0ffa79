import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../../shared/messages';
import { errorText, fieldErrors, isOk, msgText, useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import { hasErrors, type Errors } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { FixedPrices } from './FixedPrices';
import { EMPTY_OFFER, offerBody, offerToValues, validateOffer, type OfferField, type OfferValues } from './offerForm';

/** Add offer (/add-gift-card-offer) and edit offer (/edit-gift-card-offer/:id). */
export default function OfferFormPage() {
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const creating = editId === null;
  const { call } = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [values, setValues] = useState<OfferValues>(EMPTY_OFFER);
  const [errors, setErrors] = useState<Errors<OfferField>>({});
  const [loading, setLoading] = useState(!creating);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (editId === null) return;
    setLoading(true);
    setLoadError(null);
    const r = await call('getOffer', { id: Number.isSafeInteger(editId) && editId > 0 ? editId : 0 });
    if (isOk(r)) setValues(offerToValues(r.data.data));
    else setLoadError(r.status === 404 ? 'This offer does not exist.' : 'Could not load the offer');
    setLoading(false);
  }, [call, editId]);

  useEffect(() => {
    void load();
  }, [load]);

  const set = (k: keyof OfferValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors((er) => ({ ...er, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validateOffer(values);
    setErrors(errs);
    if (hasErrors(errs)) return;
    const body = offerBody(values);
    const r = creating ? await call('createOffer', { body }) : await call('updateOffer', { id: editId, body });
    if (isOk(r)) {
      notify.success(msgText(r, creating ? 'Offer created' : 'Offer updated'));
      navigate('/gift-card-offer');
      return;
    }
    setErrors(fieldErrors(r) as Errors<OfferField>);
    notify.error(errorText(r, MSG.serverError));
  };

  const back = (
    <Button component={RouterLink} to="/gift-card-offer">
      Back To Lists
    </Button>
  );
  const title = creating ? 'Add Gift Card Offer' : 'Edit Gift Card Offer';
  if (!creating && (loading || loadError)) {
    return (
      <>
        <PageHeader title={title} actions={back} />
        <LoadState loading={loading} error={loadError} onRetry={load} />
      </>
    );
  }

  const range = values.price_type === '0';
  return (
    <>
      <PageHeader title={title} actions={back} />
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 3, maxWidth: 640 }} aria-label={title}>
        <TextField
          id="offer-title"
          label="Title"
          required
          autoFocus
          value={values.title}
          onChange={set('title')}
          error={!!errors.title}
          helperText={errors.title}
        />
        <SelectField
          id="offer-status"
          label="Status"
          required
          value={values.is_active}
          onChange={set('is_active')}
          options={[
            { value: '1', label: 'Active' },
            { value: '0', label: creating ? 'Pending' : 'Maintenance' },
          ]}
          error={!!errors.is_active}
          helperText={errors.is_active ?? 'An offer in maintenance takes no new cards'}
        />
        <SelectField
          id="offer-price-type"
          label="Price Type"
          required
          value={values.price_type}
          onChange={set('price_type')}
          options={[
            { value: '0', label: 'Range' },
            { value: '1', label: 'Fixed' },
          ]}
          error={!!errors.price_type}
          helperText={errors.price_type}
        />
        {range ? (
          <Box sx={{ display: 'flex', gap: 2 }}>
            <TextField
              id="offer-min"
              label="Min Price"
              required
              value={values.min_price}
              onChange={set('min_price')}
              error={!!errors.min_price}
              helperText={errors.min_price}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              id="offer-max"
              label="Max Price"
              required
              value={values.max_price}
              onChange={set('max_price')}
              error={!!errors.max_price}
              helperText={errors.max_price}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
        ) : (
          <FixedPrices
            prices={values.fixed}
            onChange={(fixed) => {
              setValues((v) => ({ ...v, fixed }));
              setErrors((er) => ({ ...er, fixed_price: undefined }));
            }}
            error={errors.fixed_price}
          />
        )}
        <SelectField
          id="offer-rate-type"
          label="Rate Type"
          required
          value={values.rate_type}
          onChange={set('rate_type')}
          options={[
            { value: '0', label: 'Percentage' },
            { value: '1', label: 'Fixed' },
          ]}
          error={!!errors.rate_type}
          helperText={errors.rate_type}
        />
        <TextField
          id="offer-rate"
          label={values.rate_type === '0' ? 'Rate (%)' : 'Rate ($)'}
          required
          value={values.rate}
          onChange={set('rate')}
          error={!!errors.rate}
          helperText={errors.rate}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained">
            {creating ? 'Save' : 'Update'}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
