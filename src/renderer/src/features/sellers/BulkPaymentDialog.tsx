import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../../shared/messages';
import { formatMoney, parseCents } from '../../../../shared/money';
import type { SellerRow } from '../../../../shared/types';
import { ApiCallError, useApiMutation } from '../../api/query';
import { errorText } from '../../api/results';
import { hasErrors } from '../../components/form';
import { useNotify } from '../../components/notify';

type Errs = { code?: string; amount?: string };

/** Pays a seller's approved cards, oldest first: Name, Payable amount, Code, Amount. */
export function BulkPaymentDialog({ seller, onClose, onPaid }: { seller: SellerRow | null; onClose(): void; onPaid(): void }) {
  const pay = useApiMutation('bulkPayment');
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errs>({});

  useEffect(() => {
    setCode('');
    setAmount(seller ? String(seller.seller_due) : '');
    setErrors({});
  }, [seller]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!seller) return;
    const cents = parseCents(amount);
    const dueCents = parseCents(seller.seller_due) ?? 0;
    const errs: Errs = {
      code: code.trim() ? undefined : MSG.bulkNoCode,
      amount:
        !amount.trim() || cents === null
          ? 'Enter an amount with at most 2 decimals'
          : cents === 0
            ? MSG.bulkZero
            : cents > dueCents
              ? MSG.bulkTooLarge
              : undefined,
    };
    setErrors(errs);
    if (hasErrors(errs)) return;
    try {
      await pay.mutateAsync({ body: { seller_id: seller.id, paid_amount: amount.trim(), code: code.trim() } });
      notify.success(MSG.paymentSucceeded);
      onPaid();
    } catch (err) {
      const text = err instanceof ApiCallError ? errorText(err.result, '') : '';
      if (text) notify.error(text);
      else console.error('bulk payment failed', err);
    }
  };

  return (
    <Dialog open={seller !== null} onClose={onClose} aria-labelledby="bulk-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="bulk-title">Bulk Payment</DialogTitle>
        <DialogContent>
          <TextField id="bulk-name" label="Name" value={seller?.name ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField
            id="bulk-payable"
            label="Payable amount"
            value={formatMoney(seller?.seller_due ?? 0)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            id="bulk-code"
            label="Code"
            required
            autoFocus
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setErrors((x) => ({ ...x, code: undefined }));
            }}
            error={!!errors.code}
            helperText={errors.code}
          />
          <TextField
            id="bulk-amount"
            label="Amount"
            required
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setErrors((x) => ({ ...x, amount: undefined }));
            }}
            error={!!errors.amount}
            helperText={errors.amount}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Pay
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
