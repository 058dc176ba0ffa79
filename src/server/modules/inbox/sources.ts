import { sql, type SQL } from 'drizzle-orm';
import type { InboxKind } from '../../../shared/inbox';

/**
 * Where each kind of inbox item comes from: one SELECT per kind over the lasting records (the audit trail, the ledger,
 * the holds and adjustments; the live events are kept only a day and only say that something changed), for one seller
 * at the server's time `now` (a bound timestamptz: the clock, so tests move it). Each answers the same columns, in
 * this order:
 *   id text (source letters and row id, unique across sources), kind text, at timestamptz, card_id int,
 *   transaction_id int, amount numeric, reason text, note text, until timestamptz
 * and nothing about who decided. A new kind is one entry here (its kind added to shared/inbox.ts INBOX_KINDS and its
 * text to the renderer's inboxText.ts); docs/events.md says how.
 */
export type InboxSource = (sellerId: number, now: string) => SQL;

interface DecisionColumns {
  transactionId?: SQL;
  amount?: SQL;
  reason?: SQL;
  note?: SQL;
}
/** A decision on one of the seller's cards, as its audit entry recorded it (`action`: decide.ts STATUS_ACTION). */
const decision =
  (kind: InboxKind, action: string, c: DecisionColumns = {}): InboxSource =>
  (seller) => sql`
    SELECT 'a' || a.id, ${kind}::text, a.created_at, g.id, ${c.transactionId ?? sql`NULL::int`}, ${c.amount ?? sql`NULL::numeric`},
           ${c.reason ?? sql`NULL::text`}, ${c.note ?? sql`NULL::text`}, NULL::timestamptz
      FROM gift_cards g JOIN audit_log a ON a.entity = 'gift_card' AND a.entity_id = g.id AND a.action = ${action}
     WHERE g.seller_id = ${seller}`;

/** When a hold ended: its release if that came first, else its end time (null: it lasts until released). */
const holdEnd = sql`CASE WHEN h.released_at IS NOT NULL AND (h.until IS NULL OR h.released_at < h.until) THEN h.released_at ELSE h.until END`;

/** The seller's own holds (on them, or on one of their cards but not an adjusted approval's), as `columns`, where `cond`. */
const holdRows = (seller: number, columns: SQL, cond: SQL) => {
  const notAdjustment = sql`NOT EXISTS (SELECT 1 FROM card_adjustments j WHERE j.hold_id = h.id)`;
  return sql`
    SELECT ${columns} FROM payout_holds h WHERE h.seller_id = ${seller} AND ${cond}
    UNION ALL
    SELECT ${columns} FROM payout_holds h JOIN gift_cards g ON g.id = h.gift_card_id WHERE g.seller_id = ${seller} AND ${notAdjustment} AND ${cond}`;
};

/**
 * A payout hold staff placed on one of the seller's cards or on the seller (every card), with its reason (the seller
 * already reads it on the card's money panel) and its end: when it was released if that came first; null: until
 * released. Never who placed or released it. An adjusted approval's hold is the adjustment's own item.
 */
const heldSource = (seller: number) => {
  const columns = sql`'h' || h.id, 'held', h.placed_at, h.gift_card_id, NULL::int, NULL::numeric, h.reason, NULL::text, ${holdEnd}`;
  return holdRows(seller, columns, sql`TRUE`);
};

/**
 * That hold's end, dated when it ended, with its reason: released by staff (`until` null), or its end time passed by
 * the server's clock (`until` that end). A read over the rows: an ended hold shows from its end, no job writes it.
 */
const holdReleasedSource: InboxSource = (seller, now) => {
  const ranOut = sql`(h.released_at IS NULL OR h.released_at >= h.until)`;
  const columns = sql`'hr' || h.id, 'hold_released', ${holdEnd}, h.gift_card_id, NULL::int, NULL::numeric, h.reason, NULL::text,
           CASE WHEN ${ranOut} THEN h.until END`;
  return holdRows(seller, columns, sql`(h.released_at IS NOT NULL OR h.until <= ${now}::timestamptz)`);
};

export const INBOX_SOURCES: Record<InboxKind, InboxSource> = {
  approved: decision('approved', 'approve'),
  rejected: decision('rejected', 'reject', { reason: sql`a.details->>'reason'`, note: sql`a.details->>'note'` }),
  // A clawback's reason is its label; its note is staff's own (issue 29) and stays out.
  clawed_back: decision('clawed_back', 'dispute', {
    transactionId: sql`(a.details->'clawback'->>'transaction_id')::int`,
    amount: sql`(a.details->'clawback'->>'amount')::numeric`,
    reason: sql`a.details->>'reason_label'`,
  }),
  paid: (seller) => sql`
    SELECT 't' || t.id, 'paid', t.created_at, t.gift_card_id, t.id, t.transaction_amount, NULL::text, NULL::text, NULL::timestamptz
      FROM transactions t WHERE t.seller_id = ${seller} AND t.kind = 0`,
  // An appeal's outcome ('upheld' or 'reversed') and staff's note for the seller; never who decided (outcome_by).
  appeal_decided: (seller) => sql`
    SELECT 'p' || ap.id, 'appeal_decided', ap.outcome_at, ap.gift_card_id, NULL::int, NULL::numeric, ap.outcome, ap.outcome_note,
           NULL::timestamptz
      FROM card_appeals ap WHERE ap.seller_id = ${seller} AND ap.outcome IS NOT NULL`,
  // An adjusted approval: the value approved, its reason (a key, shown by its label), staff's note for the seller and
  // the end of the answer window.
  adjusted: (seller) => sql`
    SELECT 'j' || j.id, 'adjusted', j.created_at, j.gift_card_id, NULL::int, j.price, j.reason, j.note, j.window_ends_at
      FROM card_adjustments j JOIN gift_cards g ON g.id = j.gift_card_id WHERE g.seller_id = ${seller}`,
  // An adjustment's window ended unanswered, so its value counts as accepted (adjustments/shape.ts): still pending
  // past its end, or closed as accepted by a later decision without an answer. At the window's end, by the clock.
  adjustment_lapsed: (seller, now) => sql`
    SELECT 'w' || j.id, 'adjustment_lapsed', j.window_ends_at, j.gift_card_id, NULL::int, j.price, j.reason, NULL::text, j.window_ends_at
      FROM card_adjustments j JOIN gift_cards g ON g.id = j.gift_card_id
     WHERE g.seller_id = ${seller} AND j.window_ends_at <= ${now}::timestamptz
       AND (j.state = 'pending' OR (j.state = 'accepted' AND j.answered_at IS NULL))`,
  held: (seller) => heldSource(seller),
  hold_released: holdReleasedSource,
};

/** Every item of the seller's inbox, as a subquery with named columns. */
export const inboxItems = (sellerId: number, now: string): SQL =>
  sql`(${sql.join(
    Object.values(INBOX_SOURCES).map((source) => source(sellerId, now)),
    sql` UNION ALL `,
  )}) AS i (id, kind, at, card_id, transaction_id, amount, reason, note, until)`;
