import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import type { Count } from './list-sql';
import { preparedSelect } from './prepared';
import { SEARCH_TOTAL_CAP } from '../../shared/list-queries';

/**
 * A search that can only match by a prefix of a normalised key (a card number; the key must be a parameter normalised
 * already: a key computed in the statement is computed again for every row a walk passes), newest or oldest
 * first, of every row or of one seller's: one prepared statement (`name` says which), its plan cached per connection.
 * Up to SEARCH_TOTAL_CAP + 1 ids are gathered from the prefix index, counted and ordered. With more (a short prefix:
 * dense), the page comes from the newest (oldest) `window` rows when it is all there, which it is when the matches are
 * spread out ("4"); else every match is sorted (`id + 0` keeps the plan off the id order: walking it reads the whole
 * table when the matches are clustered far from its end). `arm` is the match, over `alias`, with its placeholders.
 */
export interface PrefixSearch {
  name: string;
  table: 'gift_cards' | 'transactions';
  alias: 'g' | 't';
  arm: SQL;
  ownSeller: boolean;
  newestFirst: boolean;
  limit: number;
  /**
   * How many of the newest (oldest) rows a dense search looks through (it stops at its page) before it sorts every
   * match instead: longer where testing a row is cheap (a stored key) than where the key is computed per row.
   */
  window: number;
}

export async function prefixSearchPage(
  tx: Tx,
  s: PrefixSearch,
  values: Record<string, unknown>,
  offset: number,
): Promise<{ ids: number[]; count: Count }> {
  const a = sql.raw(s.alias);
  const from = sql.raw(`${s.table} ${s.alias}`);
  const own = s.ownSeller ? sql` AND ${a}.seller_id = ${sql.placeholder('seller')}::int` : sql``;
  const dir = sql.raw(s.newestFirst ? 'DESC' : 'ASC');
  const n = sql.raw(String(Math.trunc(s.limit)));
  const gathered = sql`(SELECT ${a}.id FROM ${from} WHERE ${s.arm}${own} LIMIT ${sql.raw(String(SEARCH_TOTAL_CAP + 1))})`;
  const page = sql`ORDER BY id ${dir} LIMIT ${n} OFFSET ${sql.placeholder('offset')}`;
  const windowed = sql`(SELECT CASE WHEN count(*) = ${n} THEN array_agg(id ORDER BY id ${dir}) END
      FROM (SELECT id FROM (SELECT ${a}.id, ${s.arm} AS hit FROM ${from} WHERE TRUE${own}
                            ORDER BY ${a}.id ${dir} LIMIT ${sql.raw(String(Math.trunc(s.window)))}) w
             WHERE hit ${page}) p)`;
  const sorted = sql`ARRAY(SELECT ${a}.id FROM ${from} WHERE ${s.arm}${own}
      ORDER BY ${a}.id + 0 ${dir} LIMIT ${n} OFFSET ${sql.placeholder('offset')})`;
  const fields = {
    n: sql<number>`c.n`,
    ids: sql<number[]>`CASE WHEN c.n <= ${sql.raw(String(SEARCH_TOTAL_CAP))} THEN ARRAY(SELECT id FROM ${gathered} m ${page})
      ELSE coalesce(${windowed}, ${sorted}) END`,
  };
  const name = `${s.name}_${s.ownSeller ? 'own' : 'all'}_${s.newestFirst ? 'desc' : 'asc'}_${Math.trunc(s.limit)}`;
  const [row] = await preparedSelect<{ n: number; ids: number[] }>(
    tx,
    name,
    fields,
    sql`(SELECT count(*)::int AS n FROM ${gathered} m) c`,
  ).execute({ ...values, offset });
  const total = Number(row?.n ?? 0);
  return {
    ids: (row?.ids ?? []).map(Number),
    count: total > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, capped: true } : { total, capped: false },
  };
}
