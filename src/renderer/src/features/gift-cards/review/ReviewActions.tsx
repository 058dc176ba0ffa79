import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { CARD_STATUS, type RejectReason } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { GiftCard } from '../../../../../shared/types';
import { ApiCallError, useApiMutation } from '../../../api/query';
import { errorText, msgText } from '../../../api/results';
import { useNotify } from '../../../components/notify';
import OverrideDialog from './OverrideDialog';
import RejectDialog from './RejectDialog';

/** One-click review of a pending card (staff): Approve, or Reject with a reason; a duplicate number asks for the override. */
export default function ReviewActions({ card }: { card: GiftCard }) {
  const notify = useNotify();
  const review = useApiMutation('reviewCard');
  const [rejecting, setRejecting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (card.card_status !== CARD_STATUS.pending) return null;
  const what = `card ${card.card_number || `#${card.id}`}`;

  const approve = async () => {
    try {
      const data = await review.mutateAsync({ id: card.id, body: { action: 'approve' } });
      notify.success(msgText({ status: 200, data }, MSG.cardApproved));
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      if (err.status === 409) setRefusal(errorText(err.result, MSG.serverError));
      else notify.error(errorText(err.result, MSG.serverError));
    }
  };
  const approveOver = async (v: { override_reason: string }) => {
    const data = await review.mutateAsync({
      id: card.id,
      body: { action: 'approve', override_duplicate: true, override_reason: v.override_reason },
    });
    return msgText({ status: 200, data }, MSG.cardApproved);
  };
  const reject = async (v: { reject_reason: string; reject_note: string }) => {
    const data = await review.mutateAsync({
      id: card.id,
      body: { action: 'reject', reject_reason: v.reject_reason as RejectReason, reject_note: v.reject_note.trim() },
    });
    return msgText({ status: 200, data }, MSG.cardRejected);
  };

  return (
    <Stack direction="row" spacing={1} data-testid="review-actions">
      <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => void approve()} disabled={review.isPending}>
        Approve
      </Button>
      <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setRejecting(true)} disabled={review.isPending}>
        Reject
      </Button>
      <RejectDialog open={rejecting} onClose={() => setRejecting(false)} what={what} reject={reject} />
      <OverrideDialog refusal={refusal} onClose={() => setRefusal(null)} approve={approveOver} />
    </Stack>
  );
}
