import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { CARD_STATUS } from '../../../../shared/constants';
import type { DecisionProof } from '../../../../shared/proof';
import type { CardImage, GiftCard } from '../../../../shared/types';
import { formatMoney } from '../../lib/format';
import DecisionProofView from './DecisionProofView';

interface Props {
  card: GiftCard;
  /** The clawback's proof (issue 53): marked regions on the card's photos and the evidence found. */
  proof?: DecisionProof | null;
  images?: CardImage[];
}

/** A disputed card's clawback with the proof staff attached, as a rejection's notice shows its proof; nothing without one. */
export default function ClawbackNotice({ card, proof, images = [] }: Props) {
  if (card.card_status !== CARD_STATUS.disputed || proof?.decision !== 'clawback') return null;
  return (
    <Alert severity="error" data-testid="clawback-notice">
      <AlertTitle>Disputed: the {formatMoney(card.paid_amount)} paid on this card is clawed back</AlertTitle>
      <DecisionProofView proof={proof} images={images} />
    </Alert>
  );
}
