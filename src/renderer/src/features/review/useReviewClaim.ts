import { useEffect, useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import type { ReviewClaim } from '../../../../shared/types';
import { useTransport } from '../../api/TransportContext';
import { callOrThrow } from '../../api/query';

/**
 * Staff with a pending card open hold it (issue 32): claimed on opening, renewed well inside the claim
 * (LIMITS.review.claimRenewMs), released on leaving. Answers another staff member's live claim ("Being reviewed by
 * NAME since TIME"), else null.
 */
export function useReviewClaim(cardId: number, active: boolean): ReviewClaim | null {
  const transport = useTransport();
  const [claim, setClaim] = useState<ReviewClaim | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const renew = () =>
      callOrThrow(transport, 'claimCard', { id: cardId }).then(
        (r) => live && setClaim(r.claim),
        () => undefined, // a claim is advice: a failed one leaves the card usable
      );
    void renew();
    const timer = setInterval(() => void renew(), LIMITS.review.claimRenewMs.value);
    return () => {
      live = false;
      clearInterval(timer);
      setClaim(null);
      void callOrThrow(transport, 'releaseClaim', { id: cardId }).catch(() => undefined);
    };
  }, [transport, cardId, active]);
  return claim;
}
