import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { offerForm, type OfferFormValues } from '../../../../shared/forms';
import { useApiMutation, useApiQuery } from '../../api/query';
import { msgText } from '../../api/results';
import { FormSelect, FormText } from '../../components/FormFields';
import { FormPage } from '../../components/FormPage';
import { FixedPrices } from './FixedPrices';
import { codePatternHelp, EMPTY_OFFER, offerBody, offerToValues } from './offerForm';
import { canRetry } from '../../components/retry';

const decimal = { htmlInput: { inputMode: 'decimal' as const } };

/** Add offer (/add-gift-card-offer) and edit offer (/edit-gift-card-offer/:id). */
export default function OfferFormPage() {
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const creating = editId === null;
  const loaded = useApiQuery(
    'getOffer',
    { id: editId !== null && Number.isSafeInteger(editId) && editId > 0 ? editId : 0 },
    { enabled: !creating },
  );
  const offer = loaded.data?.data;
  const values = useMemo(() => (offer ? offerToValues(offer) : undefined), [offer]);
  const form = useForm<OfferFormValues>({
    resolver: zodResolver(offerForm),
    defaultValues: EMPTY_OFFER,
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const create = useApiMutation('createOffer');
  const update = useApiMutation('updateOffer');

  const save = async (v: OfferFormValues) => {
    const body = offerBody(v);
    const data = creating ? await create.mutateAsync({ body }) : await update.mutateAsync({ id: editId, body });
    return msgText({ status: 200, data }, creating ? 'Offer created' : 'Offer updated');
  };

  const title = creating ? 'Add Gift Card Offer' : 'Edit Gift Card Offer';
  const range = form.watch('price_type') === '0';
  const percent = form.watch('rate_type') === '0';
  const { control } = form;
  return (
    <FormPage
      title={title}
      label={title}
      backTo="/gift-card-offer"
      maxWidth={640}
      loading={!creating && loaded.isPending}
      loadError={loaded.isError ? (loaded.error.status === 404 ? 'This offer does not exist.' : 'Could not load the offer') : null}
      onRetry={canRetry(loaded.error) ? () => void loaded.refetch() : undefined}
      form={form}
      save={save}
      submitLabel={creating ? 'Save' : 'Update'}
      clearable
    >
      <FormText control={control} name="title" id="offer-title" label="Title" required />
      <FormSelect
        control={control}
        name="is_active"
        id="offer-status"
        label="Status"
        required
        options={[
          { value: '1', label: 'Active' },
          { value: '0', label: creating ? 'Pending' : 'Maintenance' },
        ]}
        // The spec's labels (Pending on Add, Maintenance on Edit) name one status: say so (issue 55).
        helperText="Pending and Maintenance are the same status: the offer takes no new cards"
      />
      <FormSelect
        control={control}
        name="price_type"
        id="offer-price-type"
        label="Price Type"
        required
        options={[
          { value: '0', label: 'Range' },
          { value: '1', label: 'Fixed' },
        ]}
      />
      {range ? (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <FormText control={control} name="min_price" id="offer-min" label="Min Price" required slotProps={decimal} />
          <FormText control={control} name="max_price" id="offer-max" label="Max Price" required slotProps={decimal} />
        </Box>
      ) : (
        <Controller
          control={control}
          name="fixed_price"
          render={({ field, fieldState }) => (
            <FixedPrices prices={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      )}
      <FormSelect
        control={control}
        name="rate_type"
        id="offer-rate-type"
        label="Rate Type"
        required
        options={[
          { value: '0', label: 'Percentage' },
          { value: '1', label: 'Fixed' },
        ]}
      />
      <FormText control={control} name="rate" id="offer-rate" label={percent ? 'Rate (%)' : 'Rate ($)'} required slotProps={decimal} />
      <FormText
        control={control}
        name="review_minutes"
        id="offer-review-minutes"
        label="Review Target (minutes)"
        helperText="A card of this offer waiting longer is overdue in the review queue"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormText
        control={control}
        name="hold_days"
        id="offer-hold-days"
        label="Payout hold (days)"
        helperText="An approved card of this offer can be paid only this many days after its approval (0: at once)"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormText
        control={control}
        name="code_pattern"
        id="offer-code-pattern"
        label="Code Pattern"
        helperText={codePatternHelp(form.watch('code_pattern'), form.watch('code_check'))}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <FormSelect
        control={control}
        name="code_check"
        id="offer-code-check"
        label="Check Digit"
        options={[
          { value: '', label: 'None' },
          { value: 'luhn', label: 'Luhn (last digit)' },
        ]}
        helperText="A code read off a photo that fails it is not taken"
      />
    </FormPage>
  );
}
