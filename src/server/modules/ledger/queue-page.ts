import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { onlyFilters } from '../../db/list-sql';
import { preparedSelect } from '../../db/prepared';
import { counterSum } from '../../db/values';
import { transactionOrder, type TransactionFilter } from './list-sql';

/**
 * Transactions of one seller (staff's seller filter, or the seller's own list) or of everyone, newest or oldest first
 * or by amount: an index gives each in order (transactions_seller, transactions_seller_amount, transactions_amount_id),
 * so each shape is one prepared statement, its plan cached, answering the page's ids and the exact total (the seller's
 * transaction_count, or the row counter) together. Any other filter is planned for its values (list-repository.ts).
 */
export const isQueueShape = (f: TransactionFilter): boolean => onlyFilters(f, ['seller_id']);

export async function transactionQueuePage(
  tx: Tx,
  f: TransactionFilter,
  limit: number,
  offset: number,
  ownSeller?: number,
): Promise<{ ids: number[]; total: number }> {
  const seller = ownSeller ?? f.seller_id;
  const bySeller = seller !== undefined;
  const sellerParam = sql`${sql.placeholder('seller')}::int`;
  const sort = f.sort ?? '-created_at';
  const name = `transaction_queue_${bySeller ? 'u' : 'all'}_${sort.replace('-', 'd_')}_${Math.trunc(limit)}`;
  // The page size is written in (one statement per size): a LIMIT parameter makes the generic plan expect many rows.
  const ids = sql<number[]>`ARRAY(SELECT t.id FROM transactions t WHERE ${bySeller ? sql`t.seller_id = ${sellerParam}` : sql`TRUE`}
    ORDER BY ${transactionOrder(f.sort)} LIMIT ${sql.raw(String(Math.trunc(limit)))} OFFSET ${sql.placeholder('offset')})`;
  const n = bySeller ? sql<number>`(SELECT transaction_count FROM users WHERE id = ${sellerParam})` : counterSum(sql`'transactions'`);
  const [row] = await preparedSelect<{ ids: number[]; n: number }>(tx, name, { ids, n }, sql`(SELECT 1) AS one`).execute({
    seller,
    offset,
  });
  return { ids: (row?.ids ?? []).map(Number), total: Math.max(0, Number(row?.n ?? 0)) };
}
