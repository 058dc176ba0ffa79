import { sql, type SQL } from 'drizzle-orm';
import { atLeast, atMost, dayFrom, dayTo } from '../../db/lists/conditions';
import { aSellerStarting, lookUp } from '../../db/lists/seller-lookup';
import type { ListDef, Search } from '../../db/lists/types';
import { counterSum } from '../../db/values';
import type { Tx } from '../../db/client';
import { payoutCodeKey } from '../../../shared/identifiers';
import { keySearch } from '../../db/key-search';
import type { TransactionListQuery } from '../../../shared/list-queries';

/** A transaction list's query; `own`: a seller's own payouts (the search does not look at sellers). */
export type TransactionFilter = Omit<TransactionListQuery, 'page' | 'per_page' | 'cursor'> & { own?: number; found?: Search };
const id = sql`t.id`;

/** What a search needs first: the sellers a staff search matches (bound as values, so the plan knows how many), the keys'
 * sample; q typed as a code (a digit, no space or @) guesses none, checked in the page's statement (docs/lists.md). */
async function resolve(tx: Tx, f: TransactionFilter, guess: boolean): Promise<TransactionFilter> {
  if (f.q === undefined) return f;
  const { holds, dense } = await keySearch(tx, 'transactions', 'code_norm', payoutCodeKey(f.q));
  const found = (ids: number[], wrong?: SQL): Search => ({ ways: [holds], each: { column: sql`t.seller_id`, ids }, dense, wrong });
  if (guess && f.own === undefined && /^[^\s@]*\p{N}[^\s@]*$/u.test(f.q)) return { ...f, found: found([], aSellerStarting(f.q)) };
  return { ...f, found: found(f.own === undefined ? (await lookUp(tx, f.q)).sellers : []) };
}

export const transactionList: ListDef<TransactionFilter> = {
  from: sql`transactions t`,
  id,
  resolve,
  filters: {
    own: (v) => sql`t.seller_id = ${v}`,
    seller_id: (v, f) => (f.own === undefined ? sql`t.seller_id = ${v}` : undefined),
    from: (v) => dayFrom(sql`t.created_at`, v),
    to: (v) => dayTo(sql`t.created_at`, v),
    is_redeem: (v) => sql`t.is_redeem = ${v}`,
    min_amount: (v) => atLeast(sql`t.transaction_amount`, v),
    max_amount: (v) => atMost(sql`t.transaction_amount`, v),
    // The code holds q's key (compared as the unique index compares codes, code_norm), or (staff) a seller's name or email starts with q.
    q: (_, { found }) => found,
  },
  sorts: { created_at: { key: id, type: 'int' }, amount: { key: sql`t.transaction_amount`, type: 'numeric' } },
  defaultSort: '-created_at',
  counter(f) {
    const { sort: _sort, own, seller_id, found: _found, ...rest } = f;
    const seller = own ?? seller_id;
    if (Object.values(rest).some((v) => v !== undefined)) return undefined;
    return seller === undefined ? counterSum(sql`'transactions'`) : sql`(SELECT transaction_count FROM users WHERE id = ${seller})`;
  },
};
