/**
 * The seller's inbox (issue 53): what happened to a seller's cards and payouts, newest first, with an unread count.
 * Each kind is one source of rows (server/modules/inbox/sources.ts) and one line of text (renderer
 * features/inbox/inboxText.ts); docs/events.md says how a new kind plugs in.
 */
export const INBOX_KINDS = [
  'approved',
  'rejected',
  'clawed_back',
  'paid',
  'appeal_decided',
  'adjusted',
  /** An adjustment's answer window ended without an answer: its value counts as accepted. */
  'adjustment_lapsed',
  /** A payout hold staff placed on one of the seller's cards or on the seller (card_id null). */
  'held',
  /**
   * That hold ended: staff released it (`until` null), or its end time passed (`until` its end; shown once it has, by
   * the server's clock). Dated when it ended; never who released it nor the release note.
   */
  'hold_released',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** An item's id: its source's letters and its row's id ("a12": audit entry 12, "t7": transaction 7). */
export const INBOX_ITEM_ID = /^[a-z]{1,3}[1-9]\d{0,15}$/;
