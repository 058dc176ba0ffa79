import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { onlyFilters, startsWith, type Count } from '../../db/list-sql';
import { preparedSelect } from '../../db/prepared';
import { prefixSearchPage, type PrefixSearch } from '../../db/prefix-search';
import { sellersByPrefix } from '../../db/search';
import { payoutCodeKey } from '../../../shared/identifiers';
import { sortsById, type TransactionFilter } from './list-sql';

/**
 * The prepared halves of a transaction search that can only match payout codes (list-repository.ts):
 * - the lookup: q's key as the unique index compares codes (its skeleton, shared/identifiers.ts, worked out once here
 *   so the search compares a plain value with each row's stored key, code_norm) and, for staff, whether any seller's name or email
 *   starts with q (then the search is planned for its values, db/search.ts);
 * - the search by date, of all transactions or of a seller's own (db/prefix-search.ts).
 */
export const isCodeSearchShape = (f: TransactionFilter): boolean => f.q !== undefined && sortsById(f.sort) && onlyFilters(f, ['q']);

export async function codeLookup(tx: Tx, q: string, staff: boolean): Promise<{ key: string; sellers: boolean }> {
  if (!staff) return { key: payoutCodeKey(q), sellers: false };
  // As an array (not EXISTS): EXISTS makes the generic plan a scan of every user that hopes to stop early.
  const fields = { sellers: sql<boolean>`cardinality(ARRAY(${sellersByPrefix()})) > 0` };
  const [row] = await preparedSelect<{ sellers: boolean }>(tx, 'transaction_code_lookup_staff', fields, sql`(SELECT 1) AS one`).execute({
    person: q.toLowerCase(),
  });
  return { key: payoutCodeKey(q), sellers: row?.sellers === true };
}

const CODE_SEARCH = {
  name: 'transaction_code_search',
  table: 'transactions',
  alias: 't',
  arm: startsWith(sql`t.code_norm`, sql`${sql.placeholder('key')}::text`),
  // Each row's key is stored (code_norm), so a walk is cheap: 10,000 rows take about 4 ms at 1M cards.
  window: 10_000,
} as const;

export async function codeSearchPage(
  tx: Tx,
  key: string,
  newestFirst: boolean,
  limit: number,
  offset: number,
  ownSeller?: number,
): Promise<{ ids: number[]; count: Count }> {
  const search: PrefixSearch = { ...CODE_SEARCH, ownSeller: ownSeller !== undefined, newestFirst, limit };
  return prefixSearchPage(tx, search, { key, seller: ownSeller }, offset);
}
