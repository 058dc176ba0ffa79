import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { MSG } from '../../../../shared/messages';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import { DialogForm } from '../DialogForm';
import { FormText } from '../FormFields';
import { payForm, type PayFormValues as PayValues } from '../../../../shared/forms';
import type { GiftCard } from '../../../../shared/types';
import { useApiMutation, useApiQuery } from '../../api/query';
import { formatMoney } from '../../lib/format';
import { isoDay } from '../../lib/dates';
import { msgText } from '../../api/results';
import { payFailureText } from './payFailure';
import { MoneyFigure } from '../Money';
import { useOpenedOnce } from '../useOpenedOnce';

interface Props {
  card: GiftCard | null;
  onClose(): void;
}

/** The pay popup of a card: Price, Rate, Payable, Paid, Due; Code and Amount; Apply. A payment refreshes the card, its list, the seller's due and the transactions. */
export default function PayDialog(props: Props) {
  return useOpenedOnce(props.card !== null) ? <PayDialogForm {...props} /> : null;
}

function PayDialogForm({ card, onClose }: Props) {
  const pay = useApiMutation('createTransaction');
  // The amount starts at the card's due, as Bulk Payment starts at the seller's (issue 55): staff change it to pay part.
  const due = card && card.due > 0 ? centsToDecimal(parseCents(card.due) ?? 0) : '';
  const form = useForm<PayValues>({ resolver: zodResolver(payForm), defaultValues: { code: '', amount: due } });
  // The seller's due now (today's statement closes on it): below zero, clawbacks pause their payments.
  const today = isoDay(new Date());
  const standing = useApiQuery(
    'sellerStatement',
    { query: { start_date: today, end_date: today, seller_id: card?.seller_id ?? 0 } },
    { enabled: card !== null, loader: false, retry: false },
  );
  const sellerDue = card && standing.data?.seller.id === card.seller_id ? standing.data.closing_due : null;
  const paused = sellerDue !== null && sellerDue < 0;

  const save = async (v: PayValues) => {
    if (!card) return '';
    const data = await pay.mutateAsync({
      body: { code: v.code.trim(), transaction_amount: v.amount.trim(), gidcard_id: card.id, seller_id: card.seller_id },
    });
    return msgText({ status: 200, data }, MSG.paymentSucceeded);
  };

  return (
    <DialogForm
      open={card !== null}
      onClose={onClose}
      id="pay-title"
      title={card ? `Pay ${card.title}${card.card_number ? ` (${card.card_number})` : ''}` : ''}
      form={form}
      save={save}
      errorFallback={MSG.codeUsed}
      mapRefusal={(shown, err) => ({ ...shown, toast: payFailureText(shown.toast, err.status, err.result.data) })}
      serverFields={{ transaction_amount: 'amount' }}
      submitLabel="Apply"
      submitDisabled={paused}
      maxWidth="sm"
    >
      {paused && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-paused">
          {MSG.sellerOwes(formatMoney(sellerDue))}
        </Alert>
      )}
      {card && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <MoneyFigure testIdPrefix="pay" label="Price" value={card.price} />
          <MoneyFigure testIdPrefix="pay" label="Rate" value={card.rate} />
          <MoneyFigure testIdPrefix="pay" label="Payable" value={card.payable} />
          <MoneyFigure testIdPrefix="pay" label="Paid" value={card.paid_amount} />
          <MoneyFigure testIdPrefix="pay" label="Due" value={card.due} />
        </Stack>
      )}
      <FormText control={form.control} name="code" label="Code" required autoFocus margin="dense" />
      <FormText
        control={form.control}
        name="amount"
        label="Amount"
        required
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </DialogForm>
  );
}
