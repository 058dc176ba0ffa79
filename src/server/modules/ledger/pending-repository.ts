import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { LIMITS } from '../../../shared/limits';
import { centsToDecimal, type Cents } from '../../../shared/money';
import { centsOf, intArray } from '../../db/values';
import type { PendingPayment } from '../../../shared/types';

/**
 * Payments waiting for a second staff member (migration 0022). A request expires LIMITS.money.pendingPaymentHours
 * after it was made.
 */

export interface PendingRequest {
  kind: PendingPayment['kind'];
  sellerId: number;
  cardId: number | null;
  transactionId: number | null;
  code: string;
  amount: Cents;
  /** A change request: the payout as it was (shown beside the new values). */
  before?: { code: string; amount: Cents; sellerId: number } | null;
}
/** A payment the maker made to the seller alone within the window (shown with a request over the limit). */
export interface EarlierPayment {
  id: number;
  code: string;
  amount: string;
  created_at: string;
}
export interface PendingRow {
  id: number;
  kind: PendingPayment['kind'];
  status: string;
  maker_id: number;
  maker_name: string | null;
  seller_id: number;
  seller_name: string | null;
  gift_card_id: number | null;
  transaction_id: number | null;
  code: string;
  amount: string;
  created_at: string;
  expires_at: string;
  expired: boolean;
  before: { code: string; amount: string; seller_id: number; seller_name: string | null } | string | null;
  earlier: EarlierPayment[] | string | null;
}

const expiresAfter = sql.raw(`interval '${LIMITS.money.pendingPaymentHours.value} hours'`);
const columns = sql`p.id, p.kind, p.status, p.maker_id, m.name AS maker_name, p.seller_id, s.name AS seller_name, p.gift_card_id,
  p.transaction_id, p.code, p.amount::text AS amount, p.created_at::text AS created_at,
  (p.created_at + ${expiresAfter})::text AS expires_at, p.created_at <= now() - ${expiresAfter} AS expired,
  p.before || jsonb_build_object('seller_name', (SELECT b.name FROM users b WHERE b.id = (p.before->>'seller_id')::int)) AS before,
  p.earlier`;
const from = sql`pending_payments p LEFT JOIN users m ON m.id = p.maker_id LEFT JOIN users s ON s.id = p.seller_id`;

export async function insertPending(tx: Tx, makerId: number, r: PendingRequest, windowHours: number): Promise<number> {
  const before = r.before
    ? JSON.stringify({ code: r.before.code, amount: centsToDecimal(r.before.amount), seller_id: r.before.sellerId })
    : null;
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`INSERT INTO pending_payments (kind, maker_id, seller_id, gift_card_id, transaction_id, code, amount, before, earlier)
        VALUES (${r.kind}, ${makerId}, ${r.sellerId}, ${r.cardId}, ${r.transactionId}, ${r.code}, ${centsToDecimal(r.amount)}::numeric,
                ${before}::jsonb,
                (SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'code', t.code, 'amount', t.transaction_amount::text,
                                                              'created_at', t.created_at) ORDER BY t.id), '[]'::jsonb)
                   FROM transactions t WHERE ${alone(makerId, r.sellerId, windowHours)}))
        RETURNING id`,
  );
  return Number(row.id);
}

/** The maker's payouts to the seller within the window that no second person approved. */
const alone = (makerId: number, sellerId: number, windowHours: number) =>
  sql`t.seller_id = ${sellerId} AND t.created_by = ${makerId} AND t.checked_by IS NULL AND t.kind = 0
      AND t.created_at > now() - make_interval(secs => ${windowHours * 3600})`;

/** What the maker paid the seller alone within the window (the limit counts it with the next payment). */
export async function movedAlone(tx: Tx, makerId: number, sellerId: number, windowHours: number): Promise<Cents> {
  const [r] = await rowsOf<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(t.transaction_amount), 0)::text AS total FROM transactions t WHERE ${alone(makerId, sellerId, windowHours)}`,
  );
  return centsOf(r?.total ?? '0');
}

/** What was paid onto one card by payments no second person approved, whoever made them. */
export async function paidAloneOnCard(tx: Tx, cardId: number): Promise<Cents> {
  const [r] = await rowsOf<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(a.amount), 0)::text AS total FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id
         WHERE a.gift_card_id = ${cardId} AND t.checked_by IS NULL`,
  );
  return centsOf(r?.total ?? '0');
}

/** The approver: recorded on the payment it made or changed. */
export async function setCheckedBy(tx: Tx, transactionId: number, checkerId: number): Promise<void> {
  await tx.execute(sql`UPDATE transactions SET checked_by = ${checkerId} WHERE id = ${transactionId}`);
}

/**
 * FOUR_EYES: of `cardIds`, the lowest id `actorId` approved (null: none). The rule lives in SQL
 * (db/functions/first_card_approved_by.sql, which ledger_pay asks too).
 */
export async function firstCardApprovedBy(tx: Tx, actorId: number, cardIds: number[]): Promise<number | null> {
  if (cardIds.length === 0) return null;
  const [r] = await rowsOf<{ id: number | null }>(
    tx,
    sql`SELECT first_card_approved_by(${actorId}::int, ${intArray(cardIds)}::int[]) AS id`,
  );
  return r?.id == null ? null : Number(r.id);
}

/** The requests still waiting (expired ones too, marked), newest first. */
export const openRequests = (tx: Tx, limit: number) =>
  rowsOf<PendingRow>(tx, sql`SELECT ${columns} FROM ${from} WHERE p.status = 'pending' ORDER BY p.id DESC LIMIT ${limit}`);

export async function findRequest(tx: Tx, id: number): Promise<PendingRow | null> {
  const r = await rowsOf<PendingRow>(tx, sql`SELECT ${columns} FROM ${from} WHERE p.id = ${id}`);
  return r[0] ?? null;
}

/** The request, locked until the approval commits or rolls back (two approvals of one request never both pay). */
export async function lockRequest(tx: Tx, id: number): Promise<PendingRow | null> {
  const r = await rowsOf<PendingRow>(tx, sql`SELECT ${columns} FROM ${from} WHERE p.id = ${id} FOR UPDATE OF p`);
  return r[0] ?? null;
}

export async function markApproved(tx: Tx, id: number, checkerId: number): Promise<void> {
  await tx.execute(sql`UPDATE pending_payments SET status = 'approved', decided_by = ${checkerId}, decided_at = now() WHERE id = ${id}`);
}

export async function declineRequest(tx: Tx, id: number, actorId: number, reason: string): Promise<boolean> {
  const r = await rowsOf<{ id: number }>(
    tx,
    sql`UPDATE pending_payments SET status = 'declined', decided_by = ${actorId}, decided_at = now(), decline_reason = ${reason}
         WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return r.length > 0;
}
