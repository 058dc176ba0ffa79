import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { bulkPaymentForm, type BulkPaymentFormValues } from '../../../../shared/forms';
import { MSG } from '../../../../shared/messages';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import type { SellerRow } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { DialogForm } from '../../components/DialogForm';
import { FormText } from '../../components/FormFields';
import { formatMoney } from '../../lib/format';
import { useOpenedOnce } from '../../components/useOpenedOnce';

interface Props {
  seller: SellerRow | null;
  onClose(): void;
}

/** Pays a seller's approved cards, oldest first: Name, Payable amount, Code, Amount (the seller's due to start with). */
export function BulkPaymentDialog(props: Props) {
  return useOpenedOnce(props.seller !== null) ? <BulkPaymentForm {...props} /> : null;
}

function BulkPaymentForm({ seller, onClose }: Props) {
  const pay = useApiMutation('bulkPayment');
  const dueCents = parseCents(seller?.seller_due ?? 0) ?? 0;
  const form = useForm<BulkPaymentFormValues>({
    resolver: zodResolver(bulkPaymentForm(dueCents)),
    defaultValues: { code: '', amount: '' },
    values: { code: '', amount: seller ? centsToDecimal(dueCents) : '' },
  });

  const save = async (v: BulkPaymentFormValues) => {
    if (!seller) return '';
    const data = await pay.mutateAsync({ body: { seller_id: seller.id, paid_amount: v.amount.trim(), code: v.code.trim() } });
    // The server's own text: a payment waiting for a second staff member (202) is not "Payment succeeded".
    return msgText({ status: 200, data }, MSG.paymentSucceeded);
  };

  return (
    <DialogForm
      open={seller !== null}
      onClose={onClose}
      id="bulk-title"
      title="Bulk Payment"
      form={form}
      save={save}
      errorFallback=""
      serverFields={{ paid_amount: 'amount' }}
      submitLabel="Pay"
    >
      <TextField id="bulk-name" label="Name" value={seller?.name ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField
        id="bulk-payable"
        label="Payable amount"
        value={formatMoney(seller?.seller_due ?? 0)}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <FormText control={form.control} name="code" id="bulk-code" label="Code" required autoFocus />
      <FormText
        control={form.control}
        name="amount"
        id="bulk-amount"
        label="Amount"
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </DialogForm>
  );
}
