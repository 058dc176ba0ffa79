import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CARD_STATUS } from '../../../../shared/constants';
import type { GiftCard } from '../../../../shared/types';
import { reasonLabel } from '../../lib/rejectReasons';
import { countOf } from '../../lib/format';

/** Staff list: this number is on other cards too (compared normalised). */
export function DuplicateMark({ count }: { count?: number }) {
  if (!count) return null;
  const text = `Number also on ${countOf(count, 'other card', 'other cards')}`;
  return (
    <Tooltip title={text}>
      <Chip label="Duplicate" color="warning" size="small" aria-label={text} data-testid="duplicate-mark" />
    </Tooltip>
  );
}

/** Under a rejected card's status: why. */
export function ReasonCaption({ card }: { card: GiftCard }) {
  if (card.card_status !== CARD_STATUS.rejected || !card.reject_reason) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      data-testid="reject-reason"
      title={card.reject_note ?? undefined}
      sx={{ whiteSpace: 'normal', maxWidth: 140 }}
    >
      {reasonLabel(card.reject_reason)}
    </Typography>
  );
}
