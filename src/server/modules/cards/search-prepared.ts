import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { startsWith, type Count } from '../../db/list-sql';
import { preparedSelect } from '../../db/prepared';
import { prefixSearchPage, type PrefixSearch } from '../../db/prefix-search';
import { sellersByPrefix } from '../../db/search';
import type { SearchFound } from './list-sql';
import { cardNumberKey } from '../../../shared/identifiers';

/**
 * The prepared halves of a card search (cards/list-repository.ts). Every value is a parameter, every plan a range of
 * an index whatever the value, so the plans are cached per connection like page 1's:
 * - the lookup: the offers whose title holds q, the sellers whose name or email starts with it (staff), whether any
 *   card number starts with its normalised key;
 * - a search that can only match card numbers (none of the offers or sellers matched), newest or oldest first, of all
 *   cards or a seller's own (db/prefix-search.ts).
 * Anything else (several ways to match, other filters, other sorts) is planned for its values (db/search.ts).
 */
const param = (name: string) => sql`${sql.placeholder(name)}::text`;
const numberArm = (alias: string) =>
  sql`(${sql.raw(alias)}.number_key IS NOT NULL AND ${startsWith(sql.raw(`${alias}.number_key`), param('key'))})`;
const likeLiteral = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function lookupPrepared(tx: Tx, q: string, staff: boolean): Promise<SearchFound> {
  const key = cardNumberKey(q);
  const name = `card_search_lookup_${staff ? 'staff' : 'seller'}_${key === '' ? 'nokey' : 'key'}`;
  const fields = {
    offers: sql<number[]>`ARRAY(SELECT id FROM gift_card_offers WHERE title ILIKE ${param('title')} ORDER BY id)`,
    sellers: staff ? sql<number[]>`ARRAY(${sellersByPrefix()})` : sql<number[]>`'{}'::int[]`,
    // Ordered by the key, so it is one probe of the prefix index (an EXISTS would drop the order).
    numbers:
      key === ''
        ? sql<boolean>`false`
        : sql<boolean>`coalesce((SELECT true FROM gift_cards g WHERE ${numberArm('g')} ORDER BY g.number_key USING ~<~ LIMIT 1), false)`,
  };
  const [row] = await preparedSelect<SearchFound>(tx, name, fields, sql`(SELECT 1) AS one`).execute({
    title: likeLiteral(q),
    person: q.toLowerCase(),
    key,
  });
  return { offers: (row?.offers ?? []).map(Number), sellers: (row?.sellers ?? []).map(Number), numbers: row?.numbers === true };
}

/** A search that can only match card numbers: db/prefix-search.ts. */
export async function numberSearchPage(
  tx: Tx,
  q: string,
  newestFirst: boolean,
  limit: number,
  offset: number,
  ownSeller?: number,
): Promise<{ ids: number[]; count: Count }> {
  const search: PrefixSearch = {
    name: 'card_number_search',
    table: 'gift_cards',
    alias: 'g',
    arm: numberArm('g'),
    ownSeller: ownSeller !== undefined,
    newestFirst,
    limit,
    window: 10_000,
  };
  return prefixSearchPage(tx, search, { key: cardNumberKey(q), seller: ownSeller }, offset);
}
