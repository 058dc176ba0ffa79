import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { CARD_STATUS } from '../../../../shared/constants';
import type { GiftCard } from '../../../../shared/types';
import { formatDate } from '../../lib/format';
import { reasonLabel } from '../../lib/rejectReasons';

/** Why a rejected card was rejected (the seller sees it too). */
export default function RejectionNotice({ card }: { card: GiftCard }) {
  if (card.card_status !== CARD_STATUS.rejected) return null;
  return (
    <Alert severity="error" data-testid="rejection-notice">
      <AlertTitle>
        Rejected{card.rejection_date ? ` on ${formatDate(card.rejection_date)}` : ''}: {reasonLabel(card.reject_reason)}
      </AlertTitle>
      {card.reject_note}
    </Alert>
  );
}
