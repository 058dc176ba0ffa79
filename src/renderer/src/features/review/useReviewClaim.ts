import { useEffect, useState } from 'react';
import type { ReviewClaim } from '../../../../shared/types';
import { useTransport } from '../../api/TransportContext';
import { callOrThrow } from '../../api/query';

/** Renewed well inside the 10-minute lease while the card stays open. */
const RENEW_MS = 3 * 60_000;

/**
 * Staff with a pending card open hold it (issue 32): claimed on opening and renewed every 3 minutes, released on
 * leaving. Answers another staff member's live claim ("Being reviewed by NAME since TIME"), else null.
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
    const timer = setInterval(() => void renew(), RENEW_MS);
    return () => {
      live = false;
      clearInterval(timer);
      setClaim(null);
      void callOrThrow(transport, 'releaseClaim', { id: cardId }).catch(() => undefined);
    };
  }, [transport, cardId, active]);
  return claim;
}
