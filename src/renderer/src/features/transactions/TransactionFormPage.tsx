import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../../shared/messages';
import { formatMoney } from '../../../../shared/money';
import { errorText, fieldErrors, isOk, msgText, useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import { amountError, amountText, hasErrors, type Errors } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { useSellers } from './useSellers';

type Field = 'seller_id' | 'transaction_amount' | 'code';
interface Values {
  seller_id: string;
  transaction_amount: string;
  code: string;
}
const EMPTY: Values = { seller_id: '', transaction_amount: '', code: '' };

/** Create (/create-transaction) and edit (/edit-transaction/:id) a payout: seller, Transaction Amount, Code; Save and Clear. */
export default function TransactionFormPage() {
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const creating = editId === null;
  const { call } = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const sellers = useSellers();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [loading, setLoading] = useState(!creating);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (editId === null) return;
    setLoading(true);
    setLoadError(null);
    const r = await call('getTransaction', { id: Number.isSafeInteger(editId) && editId > 0 ? editId : 0 });
    if (isOk(r)) {
      const t = r.data.data;
      setValues({ seller_id: String(t.seller_id), transaction_amount: amountText(t.transaction_amount), code: t.code });
    } else setLoadError(r.status === 404 ? 'This transaction does not exist.' : 'Could not load the transaction');
    setLoading(false);
  }, [call, editId]);

  useEffect(() => {
    void load();
  }, [load]);

  const set = (k: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors((er) => ({ ...er, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors<Field> = {
      seller_id: values.seller_id ? undefined : 'Seller is required',
      transaction_amount: amountError(values.transaction_amount, 'Transaction Amount', { positive: true }),
      code: values.code.trim() ? undefined : 'Code is required',
    };
    setErrors(errs);
    if (hasErrors(errs)) return;
    const body = { seller_id: Number(values.seller_id), transaction_amount: values.transaction_amount.trim(), code: values.code.trim() };
    const r = creating ? await call('createTransaction', { body }) : await call('updateTransaction', { id: editId, body });
    if (isOk(r)) {
      notify.success(msgText(r, creating ? 'Transaction created' : 'Transaction updated'));
      navigate('/transactions');
      return;
    }
    setErrors(fieldErrors(r) as Errors<Field>);
    notify.error(errorText(r, MSG.serverError));
  };

  const back = (
    <Button component={RouterLink} to="/transactions">
      Back To Lists
    </Button>
  );
  const title = creating ? 'Create Transaction' : 'Edit Transaction';
  if (!creating && (loading || loadError)) {
    return (
      <>
        <PageHeader title={title} actions={back} />
        <LoadState loading={loading} error={loadError} onRetry={load} />
      </>
    );
  }

  const options = sellers.sellers.map((s) => ({ value: String(s.id), label: `${s.name} (due ${formatMoney(s.seller_due)})` }));
  if (values.seller_id && !options.some((o) => o.value === values.seller_id))
    options.unshift({ value: values.seller_id, label: `Seller #${values.seller_id}` });
  return (
    <>
      <PageHeader title={title} actions={back} />
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 3, maxWidth: 560 }} aria-label={title}>
        <SelectField
          id="tx-seller"
          label="Seller"
          required
          autoFocus
          value={values.seller_id}
          onChange={set('seller_id')}
          options={options}
          placeholder={sellers.loading ? 'Loading sellers…' : 'Select a seller'}
          error={!!errors.seller_id || !!sellers.error}
          helperText={errors.seller_id ?? sellers.error}
        />
        <TextField
          id="tx-amount"
          label="Transaction Amount"
          required
          value={values.transaction_amount}
          onChange={set('transaction_amount')}
          error={!!errors.transaction_amount}
          helperText={errors.transaction_amount}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          id="tx-code"
          label="Code"
          required
          value={values.code}
          onChange={set('code')}
          error={!!errors.code}
          helperText={errors.code}
        />
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained">
            Save
          </Button>
          <Button
            type="button"
            onClick={() => {
              setValues(EMPTY);
              setErrors({});
            }}
          >
            Clear
          </Button>
        </Box>
      </Paper>
    </>
  );
}
