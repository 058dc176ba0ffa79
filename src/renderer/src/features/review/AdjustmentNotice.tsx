import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CardAdjustment } from '../../../../shared/adjustment';
import { ApiCallError, useApiMutation } from '../../api/query';
import { errorText } from '../../api/results';
import { useConfirm } from '../../components/Confirm';
import { useNotify } from '../../components/notify';
import { formatDateTime, formatMoney } from '../../lib/format';
import { MSG } from '../../../../shared/messages';

const STATE_TEXT: Record<CardAdjustment['state'], string> = {
  pending: 'Waiting for the answer',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn: the card was rejected and nothing is paid',
  superseded: 'Replaced by a later decision',
};

/**
 * Issue 53: a card approved at a value other than its seller's. The seller reads "Approved at $X, you asked $Y:
 * reason" and, within the window, accepts it (the card can be paid) or withdraws the card; staff read the same.
 */
export default function AdjustmentNotice({
  cardId,
  adjustment: a,
  isSeller,
}: {
  cardId: number;
  adjustment: CardAdjustment;
  isSeller: boolean;
}) {
  const accept = useApiMutation('acceptAdjustment');
  const withdraw = useApiMutation('withdrawAdjustment');
  const notify = useNotify();
  const confirm = useConfirm();
  const answer = async (which: 'accept' | 'withdraw') => {
    if (which === 'withdraw') {
      const sure = await confirm(`Withdraw this card? It is rejected and nothing is paid for it.`, { title: 'Withdraw the card?' });
      if (!sure) return;
    }
    try {
      const r = await (which === 'accept' ? accept : withdraw).mutateAsync({ id: cardId });
      notify.success(r.msg);
    } catch (err) {
      notify.error(err instanceof ApiCallError ? errorText(err.result, MSG.serverError) : MSG.serverError);
    }
  };
  const waiting = a.state === 'pending';
  const busy = accept.isPending || withdraw.isPending;
  return (
    <Alert
      severity={waiting ? 'warning' : 'info'}
      data-testid="adjustment-notice"
      action={
        isSeller && a.can_answer ? (
          <Stack direction="row" spacing={1}>
            <Button color="inherit" variant="outlined" size="small" disabled={busy} onClick={() => void answer('accept')}>
              Accept
            </Button>
            <Button color="inherit" size="small" disabled={busy} onClick={() => void answer('withdraw')}>
              Withdraw
            </Button>
          </Stack>
        ) : undefined
      }
    >
      <AlertTitle>
        Approved at {formatMoney(a.approved_price)}, {isSeller ? 'you' : 'the seller'} asked {formatMoney(a.asked_price)}: {a.reason_label}
      </AlertTitle>
      {a.note && <div>{a.note}</div>}
      <div>
        {waiting
          ? `Not paid until ${isSeller ? 'you accept it' : 'the seller accepts it'} or ${formatDateTime(a.window_ends_at)}, when it counts as accepted.${isSeller ? ' You may withdraw the card instead.' : ''}`
          : `${STATE_TEXT[a.state]}${a.answered_at ? ` on ${formatDateTime(a.answered_at)}` : ''}.`}
      </div>
    </Alert>
  );
}
