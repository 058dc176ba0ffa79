import { z } from 'zod';

/**
 * Live events (`GET /api/events`): what changed, never the changed record itself (clients refetch what they show).
 * `seller_id` is the seller the event concerns; staff receive every event, a seller only their own.
 */
export const EVENT_TYPES = [
  'card.submitted',
  'card.status',
  'card.edited',
  'card.deleted',
  'comment.added',
  'payment.recorded',
  'payment.edited',
  'redeem.toggled',
  'due.changed',
  'pending.changed',
  /** Staff only: a payment waits for a second staff member (FOUR_EYES), or such a request was approved or declined. */
  'approval.requested',
  'approval.decided',
  /** Staff only (issue 32): a pending card passed its review target (once per card). */
  'review.overdue',
  /** Issue 53: a seller appealed a decision on their card (staff's queue), or staff decided it (`{ outcome }`). */
  'appeal.filed',
  'appeal.decided',
  /** Staff only (issue 54): two sellers were linked by a card number, a photo or a payout code (`{ link_id, signal, seller_a, seller_b }`). */
  'seller.linked',
  /** Issue 53: a payout hold was placed on the seller or on one of their cards (`{ hold_id }`; never who placed it). */
  'hold.placed',
  /** Staff released that hold (`{ hold_id }`; never who released it, nor the note). One that reaches its end time has none. */
  'hold.released',
] as const;

export const liveEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  seller_id: z.number().int().nullable(),
  card_id: z.number().int().nullable(),
  transaction_id: z.number().int().nullable(),
  /** card.status: `{ from, to }`; card.submitted / card.deleted: `{ status }`; payments: `{ amount }`; redeem: `{ is_redeem }`. */
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The JSON answer of `GET /api/events` without `Accept: text/event-stream`: what happened after `after`. */
export const eventsPollResponse = z.object({ events: z.array(liveEventSchema), last_id: z.number().int() });
export type EventsPoll = z.infer<typeof eventsPollResponse>;

/** Sent on the stream (SSE `event:` names) besides the events themselves (`message`). */
export const STREAM_CONTROL = {
  /** The events after Last-Event-ID are no longer kept: refetch everything. */
  resync: 'resync',
  /** The token was revoked or expired: the stream ends and must not be reopened with it. */
  end: 'end',
} as const;
