import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../../shared/messages';
import { formatMoney, parseCents } from '../../../../shared/money';
import type { GiftCard } from '../../../../shared/types';
import { ApiCallError, useApiMutation } from '../../api/query';
import { errorText, msgText } from '../../api/results';
import { useNotify } from '../../components/notify';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 90 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography data-testid={`pay-${label.toLowerCase()}`}>{formatMoney(value)}</Typography>
    </Box>
  );
}

/** The pay popup of a card: Price, Rate, Payable, Paid, Due; Code and Amount; Apply. */
/** A payment refreshes the card, its list, the seller's due and the transactions (WRITE_INVALIDATES). */
export default function PayDialog({ card, onClose }: { card: GiftCard | null; onClose(): void }) {
  const pay = useApiMutation('createTransaction');
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ code?: string; amount?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setCode('');
    setAmount('');
    setErrors({});
  }, [card?.id]);

  const apply = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!card || busy) return;
    const next: typeof errors = {};
    if (!code.trim()) next.code = 'Code is required';
    if (!amount.trim()) next.amount = 'Amount is required';
    else if (parseCents(amount) === null) next.amount = 'Enter an amount with at most 2 decimals';
    setErrors(next);
    if (next.code || next.amount) return;
    setBusy(true);
    try {
      const data = await pay.mutateAsync({
        body: { code: code.trim(), transaction_amount: amount.trim(), gidcard_id: card.id, seller_id: card.seller_id },
      });
      notify.success(msgText({ status: 200, data }, MSG.paymentSucceeded));
      onClose();
    } catch (err) {
      notify.error(err instanceof ApiCallError ? errorText(err.result, MSG.codeUsed) : MSG.codeUsed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={card !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pay-title">
      {card && (
        <form onSubmit={apply} noValidate>
          <DialogTitle id="pay-title">
            Pay {card.title}
            {card.card_number ? ` (${card.card_number})` : ''}
          </DialogTitle>
          <DialogContent>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
              <Figure label="Price" value={card.price} />
              <Figure label="Rate" value={card.rate} />
              <Figure label="Payable" value={card.payable} />
              <Figure label="Paid" value={card.paid_amount} />
              <Figure label="Due" value={card.due} />
            </Stack>
            <TextField
              label="Code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              fullWidth
              autoFocus
              margin="dense"
              error={!!errors.code}
              helperText={errors.code}
            />
            <TextField
              label="Amount"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
              fullWidth
              margin="dense"
              error={!!errors.amount}
              helperText={errors.amount}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Apply
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
