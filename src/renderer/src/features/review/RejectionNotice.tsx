import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { CARD_STATUS } from '../../../../shared/constants';
import type { GiftCard } from '../../../../shared/types';
import { formatDate } from '../../lib/format';
import { reasonLabel } from '../../lib/rejectReasons';

/** Why a rejected card was rejected, and what its seller should do about it (the reason's remedy; the seller sees both). */
export default function RejectionNotice({ card, remedy }: { card: GiftCard; remedy?: string | null }) {
  if (card.card_status !== CARD_STATUS.rejected) return null;
  return (
    <Alert severity="error" data-testid="rejection-notice">
      <AlertTitle>
        Rejected{card.rejection_date ? ` on ${formatDate(card.rejection_date)}` : ''}: {reasonLabel(card.reject_reason)}
      </AlertTitle>
      {card.reject_note}
      {remedy && (
        <Typography variant="body2" sx={{ mt: card.reject_note ? 1 : 0 }} data-testid="reject-remedy">
          <strong>What to do:</strong> {remedy}
        </Typography>
      )}
    </Alert>
  );
}
