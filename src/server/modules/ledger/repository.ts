import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cardPayable } from '../../db/due-sql';
import { centsOf, isoSql } from '../../db/values';
import { centsToDecimal, type Cents } from '../../../shared/money';
import { payoutCodeKey } from '../../../shared/identifiers';
import { rowsOf } from '../../db/rows';
import { nowParam } from '../../clock';
import { holdEnd } from '../holds/repository';

/** Ledger SQL. Lock order everywhere: seller rows (ascending id), then the transaction row, then cards by id. */

// One payout row's reads and its redeem flag: ./transaction-rows.ts, read through this module as before.
export * from './transaction-rows';

const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

export interface LockedSeller {
  id: number;
  role: string;
  live: boolean;
  /** seller_due as read with the lock held: below zero while disputed cards' debit is not offset. */
  due: Cents;
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
    const r = await rowsOf<Omit<LockedSeller, 'due'> & { due: string }>(
      tx,
      sql`SELECT id, role, (deleted_at IS NULL) AS live, seller_due::text AS due FROM users WHERE id = ${id} FOR NO KEY UPDATE`,
    );
    if (r[0]) out.set(id, { ...r[0], due: centsOf(r[0].due) });
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
  version: number;
}
type CardRow = {
  id: number;
  seller_id: number;
  card_status: number;
  price: string;
  rate: string;
  paid_amount: string;
  approved_at: string | null;
  version: number;
};
const toCard = (r: CardRow): LockedCard => ({
  id: r.id,
  sellerId: r.seller_id,
  status: Number(r.card_status),
  payable: centsOf(r.price) - centsOf(r.rate),
  paid: centsOf(r.paid_amount),
  approvedAt: r.approved_at,
  version: Number(r.version),
});
const cardColumns = sql`id, seller_id, card_status, price::text AS price, rate::text AS rate, paid_amount::text AS paid_amount, ${isoSql(sql`approval_date`)} AS approved_at, version`;

/** A card as last committed, without a lock: for refusals that hold whatever happens next. */
export async function peekCard(tx: Tx, id: number): Promise<LockedCard | null> {
  const r = await rowsOf<CardRow>(tx, sql`SELECT ${cardColumns} FROM gift_cards WHERE id = ${id}`);
  return r[0] ? toCard(r[0]) : null;
}

/** The seller's due as this transaction sees it (their row is locked by the caller). */
export async function lockedSellerDue(tx: Tx, id: number): Promise<Cents> {
  const r = await rowsOf<{ due: string }>(tx, sql`SELECT seller_due::text AS due FROM users WHERE id = ${id}`);
  return centsOf(r[0]?.due ?? '0');
}

/** What the seller's disputed cards were paid: the clawbacks their due carries. */
export async function disputedDebit(tx: Tx, sellerId: number): Promise<Cents> {
  const r = await rowsOf<{ paid: string }>(
    tx,
    sql`SELECT coalesce(sum(paid_amount), 0)::text AS paid FROM gift_cards WHERE seller_id = ${sellerId} AND card_status = 3`,
  );
  return centsOf(r[0]?.paid ?? '0');
}

/** Sets a locked card Disputed (dispute date now) or back to approved (its approval date kept). */
export async function setDisputed(tx: Tx, cardId: number, disputed: boolean): Promise<void> {
  await tx.execute(
    disputed
      ? sql`UPDATE gift_cards SET card_status = 3, dispute_date = now(), version = version + 1, updated_at = now() WHERE id = ${cardId}`
      : sql`UPDATE gift_cards SET card_status = 1, dispute_date = NULL, version = version + 1, updated_at = now() WHERE id = ${cardId}`,
  );
}

/**
 * Writes a clawback entry (kind 1, negative) or its reversal (kind 2, positive) for a card: a transaction row without
 * allocations, its code made from its own id (CLAWBACK-<id>, REVERSAL-<id>).
 */
export async function insertClawbackEntry(
  tx: Tx,
  e: { kind: 'clawback' | 'clawback_reversed'; sellerId: number; cardId: number; amount: Cents; createdBy: number },
): Promise<{ id: number; code: string }> {
  const kind = e.kind === 'clawback' ? 1 : 2;
  const [{ id }] = await rowsOf<{ id: number }>(tx, sql`SELECT nextval(pg_get_serial_sequence('transactions', 'id'))::int AS id`);
  const code = `${e.kind === 'clawback' ? 'CLAWBACK-' : 'REVERSAL-'}${id}`;
  const r = await rowsOf<{ id: number; code: string }>(
    tx,
    sql`INSERT INTO transactions (id, code, code_norm, seller_id, transaction_amount, gift_card_id, created_by, kind)
        VALUES (${id}, ${code}, ${payoutCodeKey(code)}, ${e.sellerId}, ${centsToDecimal(e.amount)}::numeric, ${e.cardId}, ${e.createdBy}, ${kind})
        RETURNING id, code`,
  );
  return r[0];
}

/** Locks cards by id (ascending). */
export async function lockCardsById(tx: Tx, ids: number[]): Promise<LockedCard[]> {
  if (ids.length === 0) return [];
  const r = await rowsOf<CardRow>(tx, sql`SELECT ${cardColumns} FROM gift_cards WHERE id IN (${idList(ids)}) ORDER BY id FOR UPDATE`);
  return r.map(toCard);
}

/** Locks the seller's approved cards that still have a due, plus the extra cards given, by id. */
export async function lockPayableCards(tx: Tx, sellerId: number, extraIds: number[] = []): Promise<LockedCard[]> {
  const extra = extraIds.length ? sql` OR id IN (${idList(extraIds)})` : sql``;
  const r = await rowsOf<CardRow>(
    tx,
    sql`SELECT ${cardColumns} FROM gift_cards
        WHERE (seller_id = ${sellerId} AND ${cardPayable()})${extra}
        ORDER BY id FOR UPDATE`,
  );
  return r.map(toCard);
}

/** An edit is a new decision: who checked it (null: its editor alone) is set again with it. */
export async function updateTransactionRow(
  tx: Tx,
  id: number,
  t: { code: string; sellerId: number; amount: Cents; checkedBy: number | null },
): Promise<void> {
  // An unchanged code keeps its stored key: one a key migration told apart with `#<id>` (0020, 0028) stays so.
  await tx.execute(
    sql`UPDATE transactions SET code = ${t.code}, code_norm = CASE WHEN code = ${t.code} THEN code_norm ELSE ${payoutCodeKey(t.code)} END, seller_id = ${t.sellerId}, transaction_amount = ${centsToDecimal(t.amount)}::numeric,
        checked_by = ${t.checkedBy}, version = version + 1, updated_at = now() WHERE id = ${id}`,
  );
}

export type PayRefusal =
  | 'seller_owes'
  | 'invalid_card'
  | 'card_not_approved'
  | 'card_paid'
  | 'too_big'
  | 'approver_cannot_pay'
  | 'seller_deleted'
  | 'invalid_seller'
  | 'needs_second_staff'
  | 'card_held'
  | 'held'
  | 'retry';
/** until: a hold's end as ISO text, null while it lasts until released (card_held, held). */
export type PayResult = { id: number } | { refuse: PayRefusal; due?: Cents; card?: number; until?: string | null };

/**
 * The whole payment in one statement (db/functions/ledger_pay.sql: checks, locks in the ledger's order, the
 * transaction, allocations, paid amounts, audit). Runs as its own transaction: call it outside one.
 */
export async function pay(
  tx: Tx,
  p: {
    kind: 'pay_card' | 'payout' | 'bulk_payment';
    actorId: number;
    cardId: number | null;
    sellerId: number | null;
    code: string;
    amount: Cents;
    approverMayNotPay: boolean;
    confirmAbove: Cents | null;
  },
): Promise<PayResult> {
  const confirm = p.confirmAbove === null ? null : centsToDecimal(p.confirmAbove);
  const [r] = await rowsOf<{ r: { id?: number; refuse?: PayRefusal; due?: string; card?: number; until?: string | null } }>(
    tx,
    sql`SELECT ledger_pay(${p.kind}, ${p.actorId}::int, ${p.cardId}::int, ${p.sellerId}::int, ${p.code}, ${payoutCodeKey(p.code)}, ${centsToDecimal(p.amount)}::numeric, ${p.approverMayNotPay}, ${confirm}::numeric, ${nowParam()}::timestamptz) AS r`,
  );
  const out = typeof r.r === 'string' ? (JSON.parse(r.r) as typeof r.r) : r.r;
  if (out.id !== undefined) return { id: out.id };
  return {
    refuse: out.refuse as PayRefusal,
    ...(out.due !== undefined ? { due: centsOf(String(out.due)) } : {}),
    ...(out.card !== undefined ? { card: Number(out.card) } : {}),
    ...('until' in out ? { until: holdEnd(out.until) } : {}),
  };
}

export interface Allocation {
  cardId: number;
  amount: Cents;
}

/** The payout the journal's payment entries of this database transaction belong to (read by gift_cards_journal). */
const journalPayout = (tx: Tx, transactionId: number) =>
  tx.execute(sql`SELECT set_config('ledger.transaction_id', ${String(transactionId)}, true)`);

/** Writes the allocations and adds them to the cards' paid amounts, in one statement. */
export async function insertAllocations(tx: Tx, transactionId: number, allocs: Allocation[]): Promise<void> {
  if (allocs.length === 0) return;
  await journalPayout(tx, transactionId);
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
  await journalPayout(tx, transactionId);
  await tx.execute(sql`
    WITH a AS (DELETE FROM transaction_allocations WHERE transaction_id = ${transactionId} RETURNING gift_card_id, amount),
         s AS (SELECT gift_card_id, sum(amount) AS amount FROM a GROUP BY gift_card_id)
    UPDATE gift_cards g SET paid_amount = g.paid_amount - s.amount, updated_at = now() FROM s WHERE g.id = s.gift_card_id`);
}

export async function allocationsOf(tx: Tx, transactionId: number): Promise<Allocation[]> {
  const r = await rowsOf<{ gift_card_id: number; amount: string }>(
    tx,
    sql`SELECT gift_card_id, amount::text AS amount FROM transaction_allocations WHERE transaction_id = ${transactionId} ORDER BY id`,
  );
  return r.map((a) => ({ cardId: a.gift_card_id, amount: centsOf(a.amount) }));
}

/** Locks the seller of a card (the ledger's first lock); answers the seller, null when there is no such card. */
export async function lockCardSeller(tx: Tx, cardId: number): Promise<number | null> {
  const r = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT u.id FROM users u JOIN gift_cards g ON g.seller_id = u.id WHERE g.id = ${cardId} FOR NO KEY UPDATE OF u`,
  );
  return r[0] ? Number(r[0].id) : null;
}

/** The seller of a card (null when there is no such card). */
export async function cardSeller(tx: Tx, cardId: number): Promise<number | null> {
  const r = await rowsOf<{ seller_id: number }>(tx, sql`SELECT seller_id FROM gift_cards WHERE id = ${cardId}`);
  return r[0]?.seller_id ?? null;
}
