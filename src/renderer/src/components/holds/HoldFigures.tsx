import Typography from '@mui/material/Typography';
import type { HoldFigures } from '../../../../shared/types';
import { formatMoney } from '../../lib/format';
import { onHoldText } from './HoldNotice';

/** Under a due: what of it is on hold and until when, and what is available now (nothing when nothing is held). */
export function HoldLine({ figures }: { figures: HoldFigures }) {
  if (figures.on_hold <= 0) return null;
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-testid="hold-line">
      {formatMoney(figures.on_hold)} {onHoldText(figures.hold_release)}; {formatMoney(Math.max(figures.available_now, 0))} available now
    </Typography>
  );
}
