import { sql, type SQL } from 'drizzle-orm';
import type { InboxKind } from '../../../shared/inbox';

/**
 * Where each kind of inbox item comes from: one SELECT per kind over the lasting records (the audit trail and the
 * ledger; the live events are kept only a day and only say that something changed), for one seller. Each answers the
 * same columns, in this order:
 *   id text (source letters and row id, unique across sources), kind text, at timestamptz, card_id int,
 *   transaction_id int, amount numeric, reason text, note text
 * and nothing about who decided. A new kind is one entry here (its kind added to shared/inbox.ts INBOX_KINDS and its
 * text to the renderer's inboxText.ts); docs/events.md says how.
 */
export type InboxSource = (sellerId: number) => SQL;

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
           ${c.reason ?? sql`NULL::text`}, ${c.note ?? sql`NULL::text`}
      FROM gift_cards g JOIN audit_log a ON a.entity = 'gift_card' AND a.entity_id = g.id AND a.action = ${action}
     WHERE g.seller_id = ${seller}`;

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
    SELECT 't' || t.id, 'paid', t.created_at, t.gift_card_id, t.id, t.transaction_amount, NULL::text, NULL::text
      FROM transactions t WHERE t.seller_id = ${seller} AND t.kind = 0`,
  // An appeal's outcome ('upheld' or 'reversed') and staff's note for the seller; never who decided (outcome_by).
  appeal_decided: (seller) => sql`
    SELECT 'p' || ap.id, 'appeal_decided', ap.outcome_at, ap.gift_card_id, NULL::int, NULL::numeric, ap.outcome, ap.outcome_note
      FROM card_appeals ap WHERE ap.seller_id = ${seller} AND ap.outcome IS NOT NULL`,
  // An adjusted approval: the value approved, its reason (a key, shown by its label) and staff's note for the seller.
  adjusted: (seller) => sql`
    SELECT 'j' || j.id, 'adjusted', j.created_at, j.gift_card_id, NULL::int, j.price, j.reason, j.note
      FROM card_adjustments j JOIN gift_cards g ON g.id = j.gift_card_id WHERE g.seller_id = ${seller}`,
};

/** Every item of the seller's inbox, as a subquery with named columns. */
export const inboxItems = (sellerId: number): SQL =>
  sql`(${sql.join(
    Object.values(INBOX_SOURCES).map((source) => source(sellerId)),
    sql` UNION ALL `,
  )}) AS i (id, kind, at, card_id, transaction_id, amount, reason, note)`;
