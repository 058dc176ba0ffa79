import Typography from '@mui/material/Typography';
import { CARD_STATUS } from '../../../../shared/constants';
import type { GiftCard } from '../../../../shared/types';

/** "12 min", "3 h", "2 d": how long ago. */
function ageText(fromIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/** A pending card past its review target. */
const isOverdue = (c: GiftCard, now = Date.now()): boolean =>
  c.card_status === CARD_STATUS.pending && !!c.review_due_at && Date.parse(c.review_due_at) < now;

/** Under a pending card's status (staff): how long it has waited; past its review target in the error colour. */
export default function AgeCell({ card }: { card: GiftCard }) {
  if (card.card_status !== CARD_STATUS.pending) return null;
  const late = isOverdue(card);
  return (
    <Typography
      variant="caption"
      component="div"
      color={late ? 'error' : 'text.secondary'}
      sx={{ fontWeight: late ? 600 : undefined, whiteSpace: 'nowrap' }}
      data-age
      data-overdue={late || undefined}
    >
      {ageText(card.created_at)}
      {late && ' · overdue'}
    </Typography>
  );
}
