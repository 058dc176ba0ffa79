import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { startsWith, type Count } from '../../db/list-sql';
import { preparedSelect } from '../../db/prepared';
import { SEARCH_TOTAL_CAP } from '../../../shared/list-queries';
import { numberKey, type SearchFound } from './list-sql';

/**
 * The prepared halves of a card search (cards/list-repository.ts). Every value is a parameter, every plan a range of
 * an index whatever the value, so the plans are cached per connection like page 1's:
 * - the lookup: the offers whose title holds q, the sellers whose name or email starts with it (staff), whether any
 *   card number starts with its normalised key;
 * - a search that can only match card numbers (none of the offers or sellers matched), newest or oldest first, of all
 *   cards or a seller's own: up to SEARCH_TOTAL_CAP + 1 ids gathered from the prefix index, counted and ordered; when
 *   there are more (a short prefix: dense), see numberSearchPage.
 * Anything else (several ways to match, other filters, other sorts) is planned for its values (db/search.ts).
 */
const param = (name: string) => sql`${sql.placeholder(name)}::text`;
const keyOf = (column: SQL) => sql`card_number_key(${column})`;
const numberArm = (alias: string) =>
  sql`(${sql.raw(alias)}.card_number IS NOT NULL AND ${startsWith(keyOf(sql.raw(`${alias}.card_number`)), param('key'))})`;
const personArm = (column: string) => startsWith(sql.raw(`lower(${column})`), param('person'));
const likeLiteral = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function lookupPrepared(tx: Tx, q: string, staff: boolean): Promise<SearchFound> {
  const key = numberKey(q);
  const name = `card_search_lookup_${staff ? 'staff' : 'seller'}_${key === '' ? 'nokey' : 'key'}`;
  const fields = {
    offers: sql<number[]>`ARRAY(SELECT id FROM gift_card_offers WHERE title ILIKE ${param('title')} ORDER BY id)`,
    sellers: staff
      ? sql<
          number[]
        >`ARRAY(SELECT id FROM users WHERE role = 'seller' AND (${personArm('name')} OR ${personArm('email')}) ORDER BY id LIMIT 1001)`
      : sql<number[]>`'{}'::int[]`,
    // Ordered by the key, so it is one probe of the prefix index (an EXISTS would drop the order).
    numbers:
      key === ''
        ? sql<boolean>`false`
        : sql<boolean>`coalesce((SELECT true FROM gift_cards g WHERE ${numberArm('g')} ORDER BY ${keyOf(sql`g.card_number`)} USING ~<~ LIMIT 1), false)`,
  };
  const [row] = await preparedSelect<SearchFound>(tx, name, fields, sql`(SELECT 1) AS one`).execute({
    title: likeLiteral(q),
    person: q.toLowerCase(),
    key,
  });
  return { offers: (row?.offers ?? []).map(Number), sellers: (row?.sellers ?? []).map(Number), numbers: row?.numbers === true };
}

/** How many of the newest (oldest) cards a dense number search looks through before it sorts every match instead. */
const WINDOW = 2_000;

export async function numberSearchPage(
  tx: Tx,
  q: string,
  newestFirst: boolean,
  limit: number,
  offset: number,
  ownSeller?: number,
): Promise<{ ids: number[]; count: Count }> {
  const own = ownSeller === undefined ? sql`` : sql` AND g.seller_id = ${sql.placeholder('seller')}::int`;
  const dir = sql.raw(newestFirst ? 'DESC' : 'ASC');
  const n = Math.trunc(limit);
  const cap = sql.raw(String(SEARCH_TOTAL_CAP));
  const gathered = sql`(SELECT g.id FROM gift_cards g WHERE ${numberArm('g')}${own} LIMIT ${sql.raw(String(SEARCH_TOTAL_CAP + 1))})`;
  const page = sql`ORDER BY id ${dir} LIMIT ${sql.raw(String(n))} OFFSET ${sql.placeholder('offset')}`;
  // Dense (more than the cap): the page from the newest (oldest) WINDOW ids when it is all there, which is the case
  // when the matches are spread out ("4"); else every match sorted (`id + 0` keeps the plan off the id order: a walk
  // there reads the whole table when the matches are clustered far from its end).
  const windowed = sql`(SELECT CASE WHEN count(*) = ${sql.raw(String(n))} THEN array_agg(id ORDER BY id ${dir}) END
      FROM (SELECT id FROM (SELECT g.id, ${numberArm('g')} AS hit FROM gift_cards g WHERE TRUE${own}
                            ORDER BY g.id ${dir} LIMIT ${sql.raw(String(WINDOW))}) w
             WHERE hit ${page}) p)`;
  const sorted = sql`ARRAY(SELECT g.id FROM gift_cards g WHERE ${numberArm('g')}${own}
      ORDER BY g.id + 0 ${dir} LIMIT ${sql.raw(String(n))} OFFSET ${sql.placeholder('offset')})`;
  const fields = {
    n: sql<number>`c.n`,
    ids: sql<number[]>`CASE WHEN c.n <= ${cap} THEN ARRAY(SELECT id FROM ${gathered} m ${page}) ELSE coalesce(${windowed}, ${sorted}) END`,
  };
  const name = `card_number_search_${ownSeller === undefined ? 'all' : 'own'}_${newestFirst ? 'desc' : 'asc'}_${n}`;
  const [row] = await preparedSelect<{ n: number; ids: number[] }>(
    tx,
    name,
    fields,
    sql`(SELECT count(*)::int AS n FROM ${gathered} m) c`,
  ).execute({ key: numberKey(q), seller: ownSeller, offset });
  const total = Number(row?.n ?? 0);
  return {
    ids: (row?.ids ?? []).map(Number),
    count: total > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, capped: true } : { total, capped: false },
  };
}
