import Alert from '@mui/material/Alert';
import type { ReviewClaim } from '../../../../shared/types';
import { formatDateTime } from '../../lib/format';

/** Another staff member holds this card (the queue leased it to them, or they opened it first). */
export default function ClaimNotice({ claim }: { claim: ReviewClaim | null }) {
  if (!claim) return null;
  return (
    <Alert severity="warning" data-testid="claim-notice">
      Being reviewed by {claim.name} since {formatDateTime(claim.since)}
    </Alert>
  );
}
