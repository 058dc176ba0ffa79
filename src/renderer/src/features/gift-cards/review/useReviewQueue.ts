import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTransport } from '../../../api/TransportContext';
import { callOrThrow, invalidateAfter } from '../../../api/query';
import { useNotify } from '../../../components/notify';

/** The cards this window's reviewer was handed, in order (P goes back through them). */
const trail: number[] = [];

const NO_MORE_CARDS = 'No pending cards left to review';

/** Where a card leased from the queue opens. */
const reviewPath = (id: number) => `/gift-card/${id}?review=1`;

/**
 * The review queue (issue 32): `next` asks the server for the card due first that nobody holds (leased to me for 10
 * minutes, my other cards released) and opens it; with none left, the pending list. `previous` reopens the card I had
 * before this one. Calls the transport directly: the next card opens without waiting for the lists to refresh.
 */
export function useReviewQueue() {
  const transport = useTransport();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const next = useCallback(
    /** `saved`: after a decision (what the form held went with it), so leaving it is not asked about. */
    async (skip: number[] = [], saved = false) => {
      try {
        const { card } = await callOrThrow(transport, 'startReview', { body: { skip } });
        if (card) {
          if (trail[trail.length - 1] !== card.id) trail.push(card.id);
          void navigate(reviewPath(card.id), { state: { saved } });
        } else {
          notify.success(NO_MORE_CARDS);
          void navigate('/gift-cards?status=0', { state: { saved } });
        }
      } catch {
        notify.error('Could not take the next card');
      }
      void invalidateAfter(client, 'reviewCard', ['claimCard']);
    },
    [transport, navigate, notify, client],
  );
  const previous = useCallback(
    (currentId: number) => {
      const at = trail.lastIndexOf(currentId);
      const before = at > 0 ? trail[at - 1] : trail.length > 0 && at === -1 ? trail[trail.length - 1] : undefined;
      if (before !== undefined) void navigate(reviewPath(before));
    },
    [navigate],
  );
  return { next, previous };
}
