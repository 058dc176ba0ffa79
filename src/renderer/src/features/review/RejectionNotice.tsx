import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { CARD_STATUS } from '../../../../shared/constants';
import type { CardImage, GiftCard } from '../../../../shared/types';
import type { DecisionProof } from '../../../../shared/proof';
import DecisionProofView from './DecisionProofView';
import { formatDate } from '../../lib/format';
import { reasonLabel } from '../../lib/rejectReasons';

interface Props {
  card: GiftCard;
  remedy?: string | null;
  /** The rejection's proof (issue 53): marked regions on the card's photos and the evidence found. */
  proof?: DecisionProof | null;
  images?: CardImage[];
}

/** Why a rejected card was rejected, what its seller should do about it (the reason's remedy) and the proof attached. */
export default function RejectionNotice({ card, remedy, proof, images = [] }: Props) {
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
      {proof?.decision === 'reject' && <DecisionProofView proof={proof} images={images} />}
    </Alert>
  );
}
