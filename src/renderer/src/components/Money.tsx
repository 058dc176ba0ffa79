import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cardCarriesDue } from '../../../shared/money';
import { formatDue, formatMoney } from '../lib/format';

/** An amount as "$40.50". */
export function Money({ value }: { value: number | string | null | undefined }) {
  return <>{formatMoney(value)}</>;
}

/**
 * A seller's due with its sign: "$40.50", or "owes back $75.00" in the error colour when negative. `onPrimary` is for
 * the app bar, where red text would be unreadable on the bar's colour: the amount gets the error colour as background.
 */
export function Due({ value, onPrimary = false }: { value: number | null | undefined; onPrimary?: boolean }) {
  const text = formatDue(value);
  if (!((value ?? 0) < 0)) return <>{text}</>;
  return (
    <Box
      component="span"
      sx={onPrimary ? { bgcolor: 'error.main', color: 'error.contrastText', px: 0.75, borderRadius: 1 } : { color: 'error.main' }}
    >
      {text}
    </Box>
  );
}

/** A card's due: "—" for a card that carries none (pending, rejected), else its signed due. */
export function CardDue({ card }: { card: { card_status: number; due: number } }) {
  return cardCarriesDue(card.card_status) ? <Due value={card.due} /> : <>—</>;
}

/** A labelled amount in a row of figures (price, rate, payable, paid, due); `testIdPrefix` + the label names it. */
export function MoneyFigure({
  label,
  value,
  testIdPrefix,
  text,
  error = false,
}: {
  label: string;
  value: number;
  testIdPrefix: string;
  /** Shown instead of the amount (a pending card's due is "—"). */
  text?: string;
  error?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 90 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography data-testid={`${testIdPrefix}-${label.toLowerCase().replace(/\s+/g, '-')}`} color={error ? 'error' : undefined}>
        {text ?? formatMoney(value)}
      </Typography>
    </Box>
  );
}
