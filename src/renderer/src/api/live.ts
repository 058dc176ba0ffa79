import type { QueryClient } from '@tanstack/react-query';
import type { OperationName } from '../../../shared/endpoints';
import type { LiveEvent } from '../../../shared/events';

const lists = ['listCards', 'myCards', 'searchCardNumber', 'sellerList'] as const;
const reports = ['dashboardFigures', 'dashboardChart', 'chartData', 'chartDataYearly'] as const;
const payouts = ['listTransactions', 'myTransactions', 'getTransaction'] as const;
/** A payout hold placed or released: the seller's inbox and every figure of what is held. */
const holds = ['sellerInbox', 'listHolds', 'cardMoney', 'sellerDue', 'sellerList', 'dashboardFigures', 'sellerStatement'] as const;
const payments = [...lists, ...payouts, 'getCard', 'sellerDue', 'dashboardFigures', 'sellerStatement', 'cardMoney', 'cardHistory'] as const;

/** The reads an event makes stale (by operation name; PER_CARD reads only for the event's card). */
export const EVENT_INVALIDATES: Record<LiveEvent['type'], readonly OperationName[]> = {
  'card.submitted': [...lists, 'dashboardFigures', 'cardStatusCounts', 'cardDuplicates'],
  'card.status': [
    ...lists,
    ...reports,
    'getCard',
    'sellerDue',
    'listComments',
    'sellerStatement',
    'cardHistory',
    'cardMoney',
    'rejectReasons',
    'cardStatusCounts',
    'sellerInbox',
    // The seller's history changed: the trust panel's read recomputes the score (docs/trust.md).
    'sellerTrust',
  ],
  'card.edited': [...lists, 'getCard', 'cardHistory', 'cardMoney', 'cardDuplicates'],
  'card.deleted': [...lists, ...reports, 'getCard', 'cardDuplicates', 'rejectReasons', 'cardStatusCounts', 'sellerInbox'],
  'comment.added': ['listComments', 'cardHistory'],
  'payment.recorded': [...payments, 'sellerInbox'],
  'payment.edited': [...payments, 'sellerInbox'],
  'redeem.toggled': payouts,
  'due.changed': ['sellerDue', 'sellerList', 'dashboardFigures', 'sellerStatement'],
  'pending.changed': ['dashboardFigures', 'cardStatusCounts'],
  'approval.requested': ['listPendingPayments'],
  'approval.decided': ['listPendingPayments'],
  'review.overdue': ['dashboardFigures', 'listCards'],
  'appeal.filed': ['listAppeals', 'getAppeal', 'getCard', 'cardHistory'],
  'appeal.decided': ['listAppeals', 'getAppeal', 'getCard', 'cardHistory', 'sellerInbox'],
  'seller.linked': ['listSellerLinks'],
  'hold.placed': holds,
  'hold.released': holds,
};
/** Reads of one card, refreshed only when the event is about that card. */
const PER_CARD = new Set<OperationName>(['getCard', 'listComments', 'cardHistory', 'cardMoney']);

/** Events that change how many cards there are in a status, and the reads that count them (the sidebar badge's, any screen's). */
const COUNTING_EVENTS = new Set<LiveEvent['type']>(['card.submitted', 'card.status', 'card.deleted', 'pending.changed']);
const COUNTS = /pending|count/i;

/** Whether a cached query (key `[op, args]`) is made stale by these events. */
export function staleAfter(events: readonly LiveEvent[], key: readonly unknown[]): boolean {
  const op = key[0];
  if (typeof op !== 'string') return false;
  const args = key[1] as { id?: number } | undefined;
  return events.some((e) => {
    if (COUNTING_EVENTS.has(e.type) && COUNTS.test(op)) return true;
    if (!(EVENT_INVALIDATES[e.type] as readonly string[]).includes(op)) return false;
    return !PER_CARD.has(op as OperationName) || args?.id === undefined || args.id === e.card_id;
  });
}

/**
 * Gathers events for a moment, then refreshes the stale reads once: a bulk payment's many events cost one refetch
 * per screen. Active queries refetch in the background (no loader over the page, nothing unmounted); the rest are
 * only marked stale.
 */
export function createInvalidator(client: QueryClient, waitMs = 150) {
  let batch: LiveEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    const events = batch;
    batch = [];
    timer = undefined;
    void client.invalidateQueries({ predicate: (q) => q.state.data !== undefined && staleAfter(events, q.queryKey) });
  };
  return {
    push(e: LiveEvent) {
      batch.push(e);
      timer ??= setTimeout(flush, waitMs);
    },
    /** Everything may have changed (back after an outage, or events were missed). */
    all() {
      void client.invalidateQueries();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
