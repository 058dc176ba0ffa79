import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { centsOf, moneyOut } from '../../db/values';
import { centsToDecimal, centsToNumber, type Cents } from '../../../shared/money';
import type { Transaction } from '../../../shared/types';

/** Ledger SQL. Lock order everywhere: seller rows (ascending id), then the transaction row, then cards by id. */

async function rows<T>(tx: Tx, q: SQL): Promise<T[]> {
  return ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
}
const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
const iso = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface LockedSeller {
  id: number;
  role: string;
  live: boolean;
}

/**
 * Locks the given users rows in ascending id order; answers the ones that exist.
 * FOR NO KEY UPDATE: it serialises every payment of the seller (and the due trigger's own update) but,
 * unlike FOR UPDATE, lets foreign-key checks (KEY SHARE) through, so a seller's redeem toggle or a new
 * card of theirs never waits on, or deadlocks with, a payment.
 */
export async function lockSellers(tx: Tx, ids: number[]): Promise<Map<number, LockedSeller>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const out = new Map<number, LockedSeller>();
  for (const id of sorted) {
    const r = await rows<LockedSeller>(
      tx,
      sql`SELECT id, role, (deleted_at IS NULL) AS live FROM users WHERE id = ${id} FOR NO KEY UPDATE`,
    );
    if (r[0]) out.set(id, r[0]);
  }
  return out;
}

export interface LockedCard {
  id: number;
  sellerId: number;
  status: number;
  payable: Cents;
  paid: Cents;
  approvedAt: string | null;
  approvedBy: number | null;
}
type CardRow = {
  id: number;
  seller_id: number;
  card_status: number;
  price: string;
  rate: string;
  paid_amount: string;
  approved_at: string | null;
  approved_by: number | null;
};
const toCard = (r: CardRow): LockedCard => ({
  id: r.id,
  sellerId: r.seller_id,
  status: Number(r.card_status),
  payable: centsOf(r.price) - centsOf(r.rate),
  paid: centsOf(r.paid_amount),
  approvedAt: r.approved_at,
  approvedBy: r.approved_by,
});
const cardColumns = sql`id, seller_id, card_status, price::text AS price, rate::text AS rate, paid_amount::text AS paid_amount, ${iso(sql`approval_date`)} AS approved_at, approved_by`;

/** A card as last committed, without a lock: for refusals that hold whatever happens next. */
export async function peekCard(tx: Tx, id: number): Promise<LockedCard | null> {
  const r = await rows<CardRow>(tx, sql`SELECT ${cardColumns} FROM gift_cards WHERE id = ${id}`);
  return r[0] ? toCard(r[0]) : null;
}

/** A user with their due as last committed, without a lock. */
export async function peekSeller(tx: Tx, id: number): Promise<(LockedSeller & { due: Cents }) | null> {
  const r = await rows<LockedSeller & { due: string }>(
    tx,
    sql`SELECT id, role, (deleted_at IS NULL) AS live, seller_due::text AS due FROM users WHERE id = ${id}`,
  );
  return r[0] ? { ...r[0], due: centsOf(r[0].due) } : null;
}

/** Locks cards by id (ascending). */
export async function lockCardsById(tx: Tx, ids: number[]): Promise<LockedCard[]> {
  if (ids.length === 0) return [];
  const r = await rows<CardRow>(tx, sql`SELECT ${cardColumns} FROM gift_cards WHERE id IN (${idList(ids)}) ORDER BY id FOR UPDATE`);
  return r.map(toCard);
}

/** Locks the seller's approved cards that still have a due, plus the extra cards given, by id. */
export async function lockPayableCards(tx: Tx, sellerId: number, extraIds: number[] = []): Promise<LockedCard[]> {
  const extra = extraIds.length ? sql` OR id IN (${idList(extraIds)})` : sql``;
  const r = await rows<CardRow>(
    tx,
    sql`SELECT ${cardColumns} FROM gift_cards
        WHERE (seller_id = ${sellerId} AND card_status = 1 AND paid_amount < price - rate)${extra}
        ORDER BY id FOR UPDATE`,
  );
  return r.map(toCard);
}

export async function insertTransaction(
  tx: Tx,
  t: { code: string; sellerId: number; amount: Cents; giftCardId: number | null; createdBy: number },
): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO transactions (code, seller_id, transaction_amount, gift_card_id, created_by)
        VALUES (${t.code}, ${t.sellerId}, ${centsToDecimal(t.amount)}::numeric, ${t.giftCardId}, ${t.createdBy}) RETURNING id`,
  );
  return r[0].id;
}

export async function updateTransactionRow(tx: Tx, id: number, t: { code: string; sellerId: number; amount: Cents }): Promise<void> {
  await tx.execute(
    sql`UPDATE transactions SET code = ${t.code}, seller_id = ${t.sellerId}, transaction_amount = ${centsToDecimal(t.amount)}::numeric, updated_at = now() WHERE id = ${id}`,
  );
}

export interface Allocation {
  cardId: number;
  amount: Cents;
}

/** Writes the allocations and adds them to the cards' paid amounts, in one statement. */
export async function insertAllocations(tx: Tx, transactionId: number, allocs: Allocation[]): Promise<void> {
  if (allocs.length === 0) return;
  const values = sql.join(
    allocs.map((a) => sql`(${transactionId}::int, ${a.cardId}::int, ${centsToDecimal(a.amount)}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`
    WITH a AS (INSERT INTO transaction_allocations (transaction_id, gift_card_id, amount) VALUES ${values} RETURNING gift_card_id, amount)
    UPDATE gift_cards g SET paid_amount = g.paid_amount + a.amount, updated_at = now() FROM a WHERE g.id = a.gift_card_id`);
}

/** Removes the allocations and takes them back off the cards' paid amounts, in one statement. */
export async function deleteAllocations(tx: Tx, transactionId: number): Promise<void> {
  await tx.execute(sql`
    WITH a AS (DELETE FROM transaction_allocations WHERE transaction_id = ${transactionId} RETURNING gift_card_id, amount),
         s AS (SELECT gift_card_id, sum(amount) AS amount FROM a GROUP BY gift_card_id)
    UPDATE gift_cards g SET paid_amount = g.paid_amount - s.amount, updated_at = now() FROM s WHERE g.id = s.gift_card_id`);
}

export async function allocationsOf(tx: Tx, transactionId: number): Promise<Allocation[]> {
  const r = await rows<{ gift_card_id: number; amount: string }>(
    tx,
    sql`SELECT gift_card_id, amount::text AS amount FROM transaction_allocations WHERE transaction_id = ${transactionId} ORDER BY id`,
  );
  return r.map((a) => ({ cardId: a.gift_card_id, amount: centsOf(a.amount) }));
}

export interface TransactionRecord {
  id: number;
  code: string;
  sellerId: number;
  amount: Cents;
  isRedeem: 0 | 1;
  giftCardId: number | null;
}
type TxRow = { id: number; code: string; seller_id: number; transaction_amount: string; is_redeem: number; gift_card_id: number | null };
const toRecord = (r: TxRow): TransactionRecord => ({
  id: r.id,
  code: r.code,
  sellerId: r.seller_id,
  amount: centsOf(r.transaction_amount),
  isRedeem: Number(r.is_redeem) === 1 ? 1 : 0,
  giftCardId: r.gift_card_id,
});

export async function findTransactionRecord(tx: Tx, id: number, opts: { forUpdate?: boolean } = {}): Promise<TransactionRecord | null> {
  const lock = opts.forUpdate ? sql` FOR UPDATE` : sql``;
  const r = await rows<TxRow>(
    tx,
    sql`SELECT id, code, seller_id, transaction_amount::text AS transaction_amount, is_redeem, gift_card_id FROM transactions WHERE id = ${id}${lock}`,
  );
  return r[0] ? toRecord(r[0]) : null;
}

/** Flips is_redeem of the seller's own transaction; null when it is not theirs. */
export async function flipRedeem(tx: Tx, id: number, sellerId: number): Promise<0 | 1 | null> {
  const r = await rows<{ is_redeem: number }>(
    tx,
    sql`UPDATE transactions SET is_redeem = 1 - is_redeem, updated_at = now() WHERE id = ${id} AND seller_id = ${sellerId} RETURNING is_redeem`,
  );
  return r[0] ? (Number(r[0].is_redeem) === 1 ? 1 : 0) : null;
}

/** Staff: marks a redeemed payout as not redeemed; false when it was not redeemed (or does not exist). */
export async function reverseRedeem(tx: Tx, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`UPDATE transactions SET is_redeem = 0, updated_at = now() WHERE id = ${id} AND is_redeem = 1 RETURNING id`,
  );
  return r.length > 0;
}

type ViewRow = TxRow & { created_at: string; seller_name: string | null };
const viewColumns = sql`t.id, t.code, t.seller_id, t.transaction_amount::text AS transaction_amount, t.is_redeem, t.gift_card_id,
  ${iso(sql`t.created_at`)} AS created_at, u.name AS seller_name`;
const toView = (r: ViewRow): Transaction => ({
  id: r.id,
  code: r.code,
  seller_id: r.seller_id,
  transaction_amount: moneyOut(r.transaction_amount),
  is_redeem: Number(r.is_redeem) === 1 ? 1 : 0,
  gidcard_id: r.gift_card_id,
  created_at: r.created_at,
  seller: { id: r.seller_id, name: r.seller_name ?? '' },
});

/** Newest first; all sellers, or one. */
export async function listTransactions(tx: Tx, limit: number, offset: number, sellerId?: number): Promise<Transaction[]> {
  const where = sellerId === undefined ? sql`` : sql`WHERE t.seller_id = ${sellerId}`;
  const r = await rows<ViewRow>(
    tx,
    sql`SELECT ${viewColumns} FROM transactions t LEFT JOIN users u ON u.id = t.seller_id ${where} ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return r.map(toView);
}

export async function findTransactionView(tx: Tx, id: number): Promise<Transaction | null> {
  const r = await rows<ViewRow>(
    tx,
    sql`SELECT ${viewColumns} FROM transactions t LEFT JOIN users u ON u.id = t.seller_id WHERE t.id = ${id}`,
  );
  if (!r[0]) return null;
  const allocs = await allocationsOf(tx, id);
  return { ...toView(r[0]), allocations: allocs.map((a) => ({ gift_card_id: a.cardId, amount: centsToNumber(a.amount) })) };
}

export async function userTransactionCount(tx: Tx, userId: number): Promise<number> {
  const r = await rows<{ n: number }>(tx, sql`SELECT transaction_count AS n FROM users WHERE id = ${userId}`);
  return Math.max(0, Number(r[0]?.n ?? 0));
}

/**
 * Maker-checker: takes the pending confirmation of this payout (same code, seller and amount) made by another
 * staff member. Inside the payment's transaction, so a payment that fails leaves the confirmation pending.
 */
export async function takeConfirmation(tx: Tx, code: string, sellerId: number, amount: Cents, actorId: number): Promise<boolean> {
  const r = await rows<{ requested_by: number }>(
    tx,
    sql`DELETE FROM payout_confirmations
        WHERE code_key = code_key(${code}) AND seller_id = ${sellerId} AND amount = ${centsToDecimal(amount)}::numeric
          AND requested_by <> ${actorId} AND created_at > now() - interval '1 day'
        RETURNING requested_by`,
  );
  return r.length > 0;
}

/** Records (or replaces) the request waiting for a second staff member; committed on its own. */
export async function requestConfirmation(db: Tx, code: string, sellerId: number, amount: Cents, actorId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO payout_confirmations (code_key, seller_id, amount, requested_by)
        VALUES (code_key(${code}), ${sellerId}, ${centsToDecimal(amount)}::numeric, ${actorId})
        ON CONFLICT (code_key) DO UPDATE
          SET seller_id = EXCLUDED.seller_id, amount = EXCLUDED.amount, requested_by = EXCLUDED.requested_by, created_at = now()`,
  );
}
