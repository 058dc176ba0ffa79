import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CARD_STATUS } from '../../../../shared/constants';
import type { GiftCard } from '../../../../shared/types';
import type { CardAdjustment } from '../../../../shared/adjustment';
import { reasonLabel } from '../../lib/rejectReasons';
import { countOf, formatDateTime, formatMoney } from '../../lib/format';
import { useSession } from '../../app/session';
import { useRemedy } from '../../components/useRemedy';

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

/** One line, cut with an ellipsis; as narrow as its longest word when the column must be (a table's auto layout). */
const oneLine = {
  whiteSpace: 'normal',
  maxWidth: 150,
  display: '-webkit-box',
  WebkitLineClamp: 1,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/** A long remedy shows its first lines in the row; the whole text is in the page (and its tooltip). */
const clamped = {
  whiteSpace: 'normal',
  maxWidth: 220,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};

/**
 * Under a rejected card's status: why, on one line (the row keeps two lines; the whole reason and note on hover), and
 * for its seller what to do about it (the reason's remedy).
 */
export function ReasonCaption({ card }: { card: GiftCard }) {
  const { isSeller } = useSession();
  const rejected = card.card_status === CARD_STATUS.rejected ? card.reject_reason : null;
  const remedy = useRemedy(isSeller ? rejected : null);
  if (!rejected) return null;
  return (
    <>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        data-testid="reject-reason"
        title={card.reject_note ? `${reasonLabel(rejected)}: ${card.reject_note}` : reasonLabel(rejected)}
        sx={oneLine}
      >
        {reasonLabel(rejected)}
      </Typography>
      {remedy && (
        <Typography variant="caption" component="div" data-testid="reject-remedy" title={remedy} sx={clamped}>
          What to do: {remedy}
        </Typography>
      )}
    </>
  );
}

/** What a seller's adjusted card's answer is, under "Approved at $X, you asked $Y" (a replaced adjustment says nothing). */
function answerText(a: CardAdjustment): string | null {
  if (a.can_answer) return `Awaiting your answer until ${formatDateTime(a.window_ends_at)}`;
  if (a.state === 'accepted') return a.answered_at ? 'You accepted it' : `Accepted: no answer by ${formatDateTime(a.window_ends_at)}`;
  if (a.state === 'withdrawn') return 'You withdrew the card';
  return null;
}

/**
 * Issue 53, the seller's list: a card approved at a value other than theirs says so under its status, and whether it
 * awaits their answer (until when, in their locale), so they see it without opening the card.
 */
export function AdjustmentCaption({ card }: { card: GiftCard }) {
  const a = card.adjustment;
  const answer = a && answerText(a);
  if (!a || !answer) return null;
  const values = `Approved at ${formatMoney(a.approved_price)}, you asked ${formatMoney(a.asked_price)}`;
  return (
    <Typography
      variant="caption"
      component="div"
      color={a.can_answer ? 'warning.main' : 'text.secondary'}
      data-testid="adjustment-caption"
      title={`${values}: ${a.reason_label}. ${answer}.`}
      sx={clamped}
    >
      {values}. {answer}
    </Typography>
  );
}
