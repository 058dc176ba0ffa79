import { LIMITS } from '../../../../shared/limits';

/** The most card ids `startReview` takes in `skip` (its schema's limit). */
const MAX_SKIP = LIMITS.review.skippedCards.value;

/**
 * This window's review session: the cards handed to me in order (P goes back through them) and the ones I passed over
 * with Next. The server hands out the card due first, so Next must name every card skipped so far, not only the one on
 * screen, or it bounces between the first two (issue 55). Once only skipped cards are left, a new round starts.
 */
function createReviewSession() {
  const trail: number[] = [];
  let skipped = new Set<number>();
  return {
    start() {
      trail.length = 0;
      skipped = new Set();
    },
    handed(id: number) {
      if (trail[trail.length - 1] !== id) trail.push(id);
    },
    skip(id: number) {
      skipped.delete(id);
      skipped.add(id);
    },
    skipList: () => [...skipped].slice(-MAX_SKIP),
    /**
     * When cards other than the one on screen were skipped: forgets them (the one on screen stays skipped, so Next does
     * not hand it straight back) and answers the new skip list; else undefined (asking again would answer the same).
     */
    newRound(current?: number): number[] | undefined {
      if ([...skipped].every((id) => id === current)) return undefined;
      skipped = new Set(current === undefined ? [] : [current]);
      return [...skipped];
    },
    /** The card handed to me before `id` (the last one handed when `id` was not). */
    before(id: number): number | undefined {
      const at = trail.lastIndexOf(id);
      if (at > 0) return trail[at - 1];
      return at === -1 ? trail[trail.length - 1] : undefined;
    },
  };
}

export const reviewSession = createReviewSession();
