import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from './format';

/** An amount as "$40.50". */
export function Money({ value }: { value: number | string | null | undefined }) {
  return <>{formatMoney(value)}</>;
}

/** A labelled amount in a row of figures (price, rate, payable, paid, due); `testIdPrefix` + the label names it. */
export function MoneyFigure({ label, value, testIdPrefix }: { label: string; value: number; testIdPrefix: string }) {
  return (
    <Box sx={{ minWidth: 90 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography data-testid={`${testIdPrefix}-${label.toLowerCase()}`}>{formatMoney(value)}</Typography>
    </Box>
  );
}
