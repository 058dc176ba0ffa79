import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { transactionForm, type TransactionFormValues } from '../../../../shared/forms';
import { useApiMutation, useApiQuery } from '../../api/query';
import { msgText } from '../../api/results';
import { amountText } from '../../components/form';
import { FormSeller, FormText } from '../../components/FormFields';
import { FormPage } from '../../components/FormPage';
import { canRetry } from '../../components/retry';
import { formatDue, formatMoney } from '../../lib/format';
import type { SellerRow } from '../../../../shared/types';

/** A seller option of the payout form: "Ann (due $90.00)", "Ann (owes back $5.00)". */
const withDue = (s: SellerRow) => `${s.name} (${s.seller_due < 0 ? formatDue(s.seller_due) : `due ${formatMoney(s.seller_due)}`})`;

const EMPTY: TransactionFormValues = { seller_id: '', transaction_amount: '', code: '' };

/** Create (/create-transaction) and edit (/edit-transaction/:id) a payout: seller, Transaction Amount, Code; Save and Clear. */
export default function TransactionFormPage() {
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const creating = editId === null;
  const loaded = useApiQuery(
    'getTransaction',
    { id: editId !== null && Number.isSafeInteger(editId) && editId > 0 ? editId : 0 },
    { enabled: !creating },
  );
  const t = loaded.data?.data;
  const values = useMemo(
    () => (t ? { seller_id: String(t.seller_id), transaction_amount: amountText(t.transaction_amount), code: t.code } : undefined),
    [t],
  );
  const form = useForm<TransactionFormValues>({
    resolver: zodResolver(transactionForm),
    defaultValues: EMPTY,
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const create = useApiMutation('createTransaction');
  const update = useApiMutation('updateTransaction');

  const save = async (v: TransactionFormValues) => {
    const body = { seller_id: Number(v.seller_id), transaction_amount: v.transaction_amount.trim(), code: v.code.trim() };
    const data = creating ? await create.mutateAsync({ body }) : await update.mutateAsync({ id: editId, body });
    return msgText({ status: 200, data }, creating ? 'Transaction created' : 'Transaction updated');
  };

  const title = creating ? 'Create Transaction' : 'Edit Transaction';
  return (
    <FormPage
      title={title}
      label={title}
      backTo="/transactions"
      loading={!creating && loaded.isPending}
      loadError={
        loaded.isError ? (loaded.error.status === 404 ? 'This transaction does not exist.' : 'Could not load the transaction') : null
      }
      onRetry={canRetry(loaded.error) ? () => void loaded.refetch() : undefined}
      form={form}
      save={save}
      clearable
    >
      <FormSeller control={form.control} name="seller_id" id="tx-seller" required placeholder="Select a seller" describe={withDue} />
      <FormText
        control={form.control}
        name="transaction_amount"
        id="tx-amount"
        label="Transaction Amount"
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormText control={form.control} name="code" id="tx-code" label="Code" required />
    </FormPage>
  );
}
