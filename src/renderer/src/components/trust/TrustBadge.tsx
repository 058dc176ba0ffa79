import Chip from '@mui/material/Chip';
import { TRUST_BAND_LABEL, type TrustBand } from '../../../../shared/trust';

const COLOR: Record<TrustBand, 'error' | 'default' | 'success'> = { low: 'error', normal: 'default', high: 'success' };

/** A seller's trust (staff only): the score and its band, e.g. "12 · Low". */
export function TrustBadge({ score, band }: { score: number; band: TrustBand }) {
  return (
    <Chip
      size="small"
      variant={band === 'normal' ? 'outlined' : 'filled'}
      color={COLOR[band]}
      label={`${score} · ${TRUST_BAND_LABEL[band]}`}
      data-testid="trust-badge"
    />
  );
}
