import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { anyOf, idArray, lit, personPrefix, type Count } from './list-sql';
import { firstRow } from './rows';
import { SEARCH_TOTAL_CAP } from '../../shared/list-queries';

/**
 * One way a search matches. `planned`: its values are written in (offer or seller ids), so the planner knows how many
 * rows it matches, as for an ordinary filter; a prefix range it cannot tell.
 */
export type Arm = { where: SQL; planned: boolean };

/** A list's search: the rows of `table` (as `alias`) that pass `base` and any of `arms`, one page in `order`. */
export interface Search {
  table: 'gift_cards' | 'transactions';
  alias: 'g' | 't';
  base: SQL;
  /** The ways q matches that can match something (looked up first); none: nothing matches. */
  arms: Arm[];
  order: SQL;
  /** The order is by id alone, so gathered ids can be ordered without reading their rows. */
  orderById: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of a search and its total, bounded by SEARCH_TOTAL_CAP, in one statement. A single planned way to match is
 * an ordinary filter. Otherwise each way gets its own index scan of at most SEARCH_TOTAL_CAP + 1 ids; their union is
 * counted and, within the cap, ordered into the page. Above it the matches are dense: the page is walked in the sort
 * order with the ways ORed (it meets a page of them soon) and the total is capped. A sparse prefix is never walked in
 * the sort order: the planner cannot tell how few rows it matches, and walking for one card number reads every card.
 */
export async function searchPage(tx: Tx, s: Search): Promise<{ ids: number[]; count: Count }> {
  if (!s.arms.length) return { ids: [], count: { total: 0, capped: false } };
  const row = await firstRow<{ n: number; ids: number[] }>(tx, s.arms.length === 1 && s.arms[0]!.planned ? asFilter(s) : bounded(s));
  const n = Number(row?.n ?? 0);
  const ids = (row?.ids ?? []).map(Number);
  return { ids, count: n > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, capped: true } : { total: n, capped: false } };
}

/** One planned way to match is an ordinary filter: the page from the sort order's index, and a bounded count. */
function asFilter(s: Search): SQL {
  const { from, id, page } = parts(s);
  const where = sql`${s.base} AND ${s.arms[0]!.where}`;
  return sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${lit(SEARCH_TOTAL_CAP + 1)}) x) AS n,
                    ARRAY(SELECT ${id} FROM ${from} WHERE ${where} ${page}) AS ids`;
}

/** The ways' matches gathered (each bounded), counted and ordered; or, when dense, the page walked in the sort order. */
function bounded(s: Search): SQL {
  const { from, id, page } = parts(s);
  const arms = s.arms.map((arm) => sql`(SELECT ${id} FROM ${from} WHERE ${s.base} AND ${arm.where} LIMIT ${lit(SEARCH_TOTAL_CAP + 1)})`);
  const ordered = s.orderById
    ? sql`SELECT ${id} FROM m ${sql.raw(s.alias)} ${page}`
    : sql`SELECT ${id} FROM ${from} WHERE ${id} IN (SELECT id FROM m) ${page}`;
  const walked = sql`SELECT ${id} FROM ${from} WHERE ${s.base} AND ${anyOf(s.arms.map((a) => a.where))} ${page}`;
  return sql`WITH m AS MATERIALIZED (${sql.join(arms, sql` UNION `)})
             SELECT c.n, CASE WHEN c.n <= ${lit(SEARCH_TOTAL_CAP)} THEN ARRAY(${ordered}) ELSE ARRAY(${walked}) END AS ids
               FROM (SELECT count(*)::int AS n FROM m) c`;
}

const parts = (s: Search) => ({
  from: sql.raw(`${s.table} ${s.alias}`),
  id: sql.raw(`${s.alias}.id`),
  page: sql`ORDER BY ${s.order} LIMIT ${lit(s.limit)} OFFSET ${lit(s.offset)}`,
});

/** The sellers whose name or email starts with q (prefix indexes of migration 0013). */
export const sellersMatching = (q: string): SQL => sellersStarting(lit(q.toLowerCase()));
const sellersStarting = (lowered: SQL): SQL => sql`SELECT id FROM users WHERE role = 'seller' AND ${personPrefix(lowered)} ORDER BY id`;
/** Up to this many sellers found by a search are written into the list's statement as ids; more stay a subquery. */
const LISTED_SELLERS = 1000;
/** For a prepared lookup: the sellers whose name or email starts with the placeholder `person` (lower-cased q), enough to tell whether they can be listed. */
export const sellersByPrefix = (): SQL => sql`${sellersStarting(sql`${sql.placeholder('person')}::text`)} LIMIT ${lit(LISTED_SELLERS + 1)}`;
/** `column` holds one of the sellers found: their ids written in (the planner knows how many rows), or a subquery. */
export function sellerArm(column: SQL, q: string, ids: number[]): Arm[] {
  if (!ids.length) return [];
  const listed = ids.length <= LISTED_SELLERS;
  return [{ where: sql`${column} = ANY (${listed ? idArray(ids) : sql`ARRAY(${sellersMatching(q)})`})`, planned: listed }];
}
