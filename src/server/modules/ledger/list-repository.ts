import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { boundedCount, lit, type Count } from '../../db/list-sql';
import { searchPage } from '../../db/search';
import { rowsOf } from '../../db/rows';
import { searchArms, sortsById, transactionOrder, transactionWhere, type TransactionFilter } from './list-sql';
import { transactionViewsInOrder } from './repository';
import type { TransactionViewRow } from './shape';
import { isQueueShape, transactionQueuePage } from './queue-page';
import { codeLookup, codeSearchPage, isCodeSearchShape } from './code-search';

/**
 * One page of a filtered transaction list and the number of matches: one seller's or everyone's in an indexed order
 * is a prepared queue page with the exact total (queue-page.ts); a search by date that can only match payout codes
 * (no seller's name or email starts with q) is prepared too (code-search.ts); any other search is bounded like the
 * card search (db/search.ts); anything else is planned for its values and counted up to the cap.
 */
export async function transactionPage(
  tx: Tx,
  f: TransactionFilter,
  limit: number,
  offset: number,
  sellerId: number | undefined,
): Promise<{ rows: TransactionViewRow[]; count: Count }> {
  const page = sql`ORDER BY ${transactionOrder(f.sort)} LIMIT ${lit(limit)} OFFSET ${lit(offset)}`;
  if (f.q !== undefined) {
    if (isCodeSearchShape(f)) {
      const { key, sellers } = await codeLookup(tx, f.q, sellerId === undefined);
      if (!sellers) {
        const { ids, count } = await codeSearchPage(tx, key, f.sort !== 'created_at', limit, offset, sellerId);
        return { rows: await transactionViewsInOrder(tx, ids), count };
      }
    }
    const arms = searchArms(f.q, sellerId === undefined).map((where) => ({ where, planned: false }));
    const { ids, count } = await searchPage(tx, {
      table: 'transactions',
      alias: 't',
      base: transactionWhere({ ...f, q: undefined }, sellerId),
      arms,
      order: transactionOrder(f.sort),
      orderById: sortsById(f.sort),
      limit,
      offset,
    });
    return { rows: await transactionViewsInOrder(tx, ids), count };
  }
  if (isQueueShape(f)) {
    const { ids, total } = await transactionQueuePage(tx, f, limit, offset, sellerId);
    return { rows: await transactionViewsInOrder(tx, ids), count: { total, capped: false } };
  }
  const [ids, count] = await Promise.all([
    pageIds(tx, f, page, sellerId),
    boundedCount(tx, sql`transactions t`, transactionWhere(f, sellerId)),
  ]);
  return { rows: await transactionViewsInOrder(tx, ids), count };
}

/** The page's ids in the sort order's index (deep pages too). */
async function pageIds(tx: Tx, f: TransactionFilter, page: SQL, sellerId?: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(tx, sql`SELECT t.id FROM transactions t WHERE ${transactionWhere(f, sellerId)} ${page}`);
  return rows.map((r) => r.id);
}
