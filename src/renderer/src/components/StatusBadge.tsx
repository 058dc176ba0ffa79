import Chip from '@mui/material/Chip';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { CARD_STATUS, CARD_STATUS_LABEL, type CardStatus } from '../../../shared/constants';

const COLOR: Record<CardStatus, 'warning' | 'success' | 'error'> = { 0: 'warning', 1: 'success', 2: 'error', 3: 'error' };

/** The card status as a coloured badge: Pending, Approved, Rejected, or Disputed (red, with a warning sign). */
export default function StatusBadge({ status }: { status: CardStatus }) {
  const s = (status in CARD_STATUS_LABEL ? status : 0) as CardStatus;
  const disputed = s === CARD_STATUS.disputed;
  return (
    <Chip
      size="small"
      color={COLOR[s]}
      label={CARD_STATUS_LABEL[s]}
      data-testid="status-badge"
      {...(disputed ? { icon: <ReportProblemOutlined aria-hidden />, variant: 'filled' as const } : {})}
    />
  );
}
