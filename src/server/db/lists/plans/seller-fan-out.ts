import { sql, type SQL } from 'drizzle-orm';
import { idArray } from '../../rows';
import { anyOf, oneOf } from '../conditions';
import { capOf, cappedCount, selectRows } from '../core';
import type { Reading } from '../reading';
import type { Filters, ListDef, Search } from '../types';

/** At most this many sellers are read one by one; a search matching more goes as one array condition. */
export const FAN_OUT_MAX = 8;

export const sellerFanOutApplies = (search: Search): boolean =>
  search.each.ids.length > 0 && search.each.ids.length <= FAN_OUT_MAX;

/**
 * Per-seller fan-out: a search matching a few sellers reads each seller's rows on its own, in the page's order (a
 * LATERAL scan of the seller's index), and adds the other ways' rows of other sellers (UNION ALL: no row comes twice).
 * As one `seller_id = ANY` condition ORed with the rest, the planner walked the id index through every row for a
 * seller's few. `rest`: every other condition. `total`: the sellers' counters plus a capped count of the other ways'
 * rows, when the list keeps a counter per seller under the other filters (and the query names no seller).
 */
export function sellerFanOut<F extends Filters>(def: ListDef<F>, f: F, search: Search, rest: SQL, r: Reading) {
  const { column, ids } = search.each;
  const perSeller = (depth: SQL) => selectRows(def.from, r, sql`${rest} AND ${column} = each_id.v`, depth);
  const eachOne = (depth: SQL) =>
    sql`(SELECT e.* FROM unnest(${idArray(ids)}) AS each_id(v) CROSS JOIN LATERAL (${perSeller(depth)}) e)`;
  const other = search.ways.length ? sql`${rest} AND ${anyOf(search.ways)} AND NOT ${oneOf(column, ids)}` : undefined;
  const rows = (depth: SQL) =>
    other ? sql`(${selectRows(def.from, r, other, depth)}) UNION ALL ${eachOne(depth)}` : eachOne(depth);
  const counters = f.seller_id === undefined ? ids.map((i) => def.counter?.({ ...f, q: undefined, seller_id: i })) : [];
  const counted = counters.length > 0 && counters.every(Boolean);
  const others = other ? cappedCount(def.from, other, capOf(f)) : sql`0`;
  const total = counted ? sql`${sql.join(counters as SQL[], sql` + `)} + ${others}` : undefined;
  return { rows, total };
}
