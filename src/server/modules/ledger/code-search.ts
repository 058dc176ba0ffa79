import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { startsWith, type Count } from '../../db/list-sql';
import { preparedSelect } from '../../db/prepared';
import { prefixSearchPage, type PrefixSearch } from '../../db/prefix-search';
import { sellersByPrefix } from '../../db/search';

/**
 * The prepared halves of a transaction search that can only match payout codes (list-repository.ts):
 * - the lookup: q's normalised key as the unique index compares codes (code_key, worked out once here so the search
 *   compares a plain value with each row's stored key, code_norm) and, for staff, whether any seller's name or email
 *   starts with q (then the search is planned for its values, db/search.ts);
 * - the search by date, of all transactions or of a seller's own (db/prefix-search.ts).
 */
export async function codeLookup(tx: Tx, q: string, staff: boolean): Promise<{ key: string; sellers: boolean }> {
  const fields = {
    key: sql<string>`code_key(${sql.placeholder('q')}::text)`,
    sellers: staff ? sql<boolean>`EXISTS (${sellersByPrefix()})` : sql<boolean>`false`,
  };
  const name = `transaction_code_lookup_${staff ? 'staff' : 'seller'}`;
  const [row] = await preparedSelect<{ key: string; sellers: boolean }>(tx, name, fields, sql`(SELECT 1) AS one`).execute({
    q,
    person: q.toLowerCase(),
  });
  return { key: row?.key ?? '', sellers: row?.sellers === true };
}

const CODE_SEARCH = {
  name: 'transaction_code_search',
  table: 'transactions',
  alias: 't',
  arm: startsWith(sql`t.code_norm`, sql`${sql.placeholder('key')}::text`),
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
