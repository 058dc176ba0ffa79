import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTransport } from '../../api/TransportContext';
import { callOrThrow, invalidateAfter } from '../../api/query';
import { useNotify } from '../notify';
import { reviewSession } from './reviewSession';

const NO_MORE_CARDS = 'No pending cards left to review';

/** Where a card leased from the queue opens. */
const reviewPath = (id: number) => `/gift-card/${id}?review=1`;

/**
 * The review queue (issue 32): asks the server for the card due first that nobody holds (leased to me for 10 minutes,
 * my other cards released) and opens it; with none left, the pending list. Every card skipped with Next in this
 * session is passed over until the queue has nothing else (`reviewSession`), so Next walks the whole queue. Calls the
 * transport directly: the next card opens without waiting for the lists to refresh.
 */
export function useReviewQueue() {
  const transport = useTransport();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const take = useCallback(
    /** `saved`: after a decision (what the form held went with it), so leaving it is not asked about. */
    async (current: number | undefined, saved: boolean) => {
      try {
        const ask = async (skip: number[]) => (await callOrThrow(transport, 'startReview', { body: { skip } })).card;
        let card = await ask(reviewSession.skipList());
        // Only skipped cards are left: a new round over them, the card on screen last.
        const round = card ? undefined : reviewSession.newRound(current);
        if (round) card = await ask(round);
        if (card) {
          reviewSession.handed(card.id);
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
  /** Start reviewing: a new session. */
  const start = useCallback(() => {
    reviewSession.start();
    return take(undefined, false);
  }, [take]);
  /** Next (N): passes over the card on screen for the rest of the round. */
  const next = useCallback(
    (currentId: number) => {
      reviewSession.skip(currentId);
      return take(currentId, false);
    },
    [take],
  );
  /** After a decision on the card on screen. */
  const decided = useCallback(() => take(undefined, true), [take]);
  const previous = useCallback(
    (currentId: number) => {
      const before = reviewSession.before(currentId);
      if (before !== undefined) void navigate(reviewPath(before));
    },
    [navigate],
  );
  return { start, next, decided, previous };
}
