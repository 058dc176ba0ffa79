import Chip from '@mui/material/Chip';
import { CARD_STATUS_LABEL, type CardStatus } from '../../../shared/constants';

const COLOR: Record<CardStatus, 'warning' | 'success' | 'error'> = { 0: 'warning', 1: 'success', 2: 'error' };

/** The card status as a coloured badge: Pending, Approved or Rejected. */
export default function StatusBadge({ status }: { status: CardStatus }) {
  const s = (status in CARD_STATUS_LABEL ? status : 0) as CardStatus;
  return <Chip size="small" color={COLOR[s]} label={CARD_STATUS_LABEL[s]} data-testid="status-badge" />;
}
