import Alert from '@mui/material/Alert';
import type { CardHoldInfo } from '../../../../shared/types';
import { formatDateTime } from '../../lib/format';

/** "on hold until DATE" (or until staff release it): how a held card's or a seller's hold reads everywhere. */
export const onHoldText = (until: string | null): string =>
  until === null ? 'on hold until staff release it' : `on hold until ${formatDateTime(until)}`;

/** A held card's release date and why (staff and its seller): it is paid only after the hold ends. */
export function HoldNotice({ hold }: { hold: CardHoldInfo }) {
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="card-hold">
      This card is {onHoldText(hold.until)}: it is paid only after that. Why: {hold.reason ?? 'the payout hold on newly approved cards'}.
    </Alert>
  );
}
