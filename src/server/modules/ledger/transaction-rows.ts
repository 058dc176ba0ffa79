import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { centsOf, isoSql } from '../../db/values';
import { rowsOf } from '../../db/rows';
import type { Cents } from '../../../shared/money';
import { TRANSACTION_KINDS, type TransactionKind } from '../../../shared/constants';
import type { TransactionViewRow } from './shape';

/** A payout row (transactions): read for an edit or a redeem, shown as a view, its redeem flag flipped. */

export interface TransactionRecord {
  id: number;
  code: string;
  sellerId: number;
  amount: Cents;
  isRedeem: 0 | 1;
  giftCardId: number | null;
  kind: TransactionKind;
  /** FOUR_EYES: the second staff member who approved it (null: its maker alone). */
  checkedBy: number | null;
  version: number;
}
/** The columns findTransactionRecord selects (a field added to the view row is not one of them until it selects it). */
type TxRow = Pick<
  TransactionViewRow,
  'id' | 'code' | 'seller_id' | 'transaction_amount' | 'is_redeem' | 'gift_card_id' | 'kind' | 'checked_by' | 'version'
>;
const toRecord = (r: TxRow): TransactionRecord => ({
  id: r.id,
  code: r.code,
  sellerId: r.seller_id,
  amount: centsOf(r.transaction_amount),
  isRedeem: Number(r.is_redeem) === 1 ? 1 : 0,
  giftCardId: r.gift_card_id,
  kind: TRANSACTION_KINDS[Number(r.kind)] ?? 'payout',
  checkedBy: r.checked_by === null ? null : Number(r.checked_by),
  version: Number(r.version),
});

export async function findTransactionRecord(tx: Tx, id: number, opts: { forUpdate?: boolean } = {}): Promise<TransactionRecord | null> {
  const lock = opts.forUpdate ? sql` FOR UPDATE` : sql``;
  const r = await rowsOf<TxRow>(
    tx,
    sql`SELECT id, code, seller_id, transaction_amount::text AS transaction_amount, is_redeem, gift_card_id, kind, checked_by, version
        FROM transactions WHERE id = ${id}${lock}`,
  );
  return r[0] ? toRecord(r[0]) : null;
}

/** Flips is_redeem of the seller's own transaction; null when it is not theirs. */
export async function flipRedeem(tx: Tx, id: number, sellerId: number): Promise<0 | 1 | null> {
  const r = await rowsOf<{ is_redeem: number }>(
    tx,
    sql`UPDATE transactions SET is_redeem = 1 - is_redeem, version = version + 1, updated_at = now() WHERE id = ${id} AND seller_id = ${sellerId} AND kind = 0 RETURNING is_redeem`,
  );
  return r[0] ? (Number(r[0].is_redeem) === 1 ? 1 : 0) : null;
}

/** Staff: marks a redeemed payout as not redeemed; false when it was not redeemed (or does not exist). */
export async function reverseRedeem(tx: Tx, id: number): Promise<boolean> {
  const r = await rowsOf<{ id: number }>(
    tx,
    sql`UPDATE transactions SET is_redeem = 0, version = version + 1, updated_at = now() WHERE id = ${id} AND is_redeem = 1 RETURNING id`,
  );
  return r.length > 0;
}

/** How a payout was made: its card's pay icon, a seller payout, or a bulk payment (the audit entry ledger_pay wrote). */
const paymentKind = sql`CASE WHEN t.kind <> 0 THEN NULL WHEN t.gift_card_id IS NOT NULL THEN 'card_payment'
  WHEN EXISTS (SELECT 1 FROM audit_log a WHERE a.entity = 'transaction' AND a.entity_id = t.id AND a.action = 'bulk_payment')
  THEN 'bulk_payment' ELSE 'payout' END`;
const viewColumns = sql`t.id, t.code, t.seller_id, t.transaction_amount::text AS transaction_amount, t.is_redeem, t.gift_card_id, t.kind,
  t.checked_by, t.version,
  ${isoSql(sql`t.created_at`)} AS created_at, u.name AS seller_name,
  ${paymentKind} AS payment_kind`;

/** A list page's transaction views in the page's order, in the page's own statement (db/lists `read`). */
export const transactionViewsOfPage = (tx: Tx) => (page: SQL) =>
  rowsOf<TransactionViewRow & { n: number; k: string | null }>(
    tx,
    sql`SELECT ${viewColumns}, pa.n, pr.k FROM ${page} LEFT JOIN transactions t ON t.id = pr.id LEFT JOIN users u ON u.id = t.seller_id ORDER BY pr.o`,
  );

export async function findTransactionView(tx: Tx, id: number): Promise<TransactionViewRow | null> {
  const r = await rowsOf<TransactionViewRow>(
    tx,
    sql`SELECT ${viewColumns} FROM transactions t LEFT JOIN users u ON u.id = t.seller_id WHERE t.id = ${id}`,
  );
  return r[0] ?? null;
}
