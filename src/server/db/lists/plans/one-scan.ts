import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP } from '../../../../shared/list-queries';
import { constantDepth, withCount, type Plan } from '../core';
import type { Reading } from '../reading';
import type { Search } from '../types';

/**
 * One-scan: a search's page and total from one scan, its first cap + 1 rows in the page's order, of which the page
 * is the head (a separate count read the matches in whatever order was cheapest by the estimates, and when they
 * cluster read most of the index). For a page within those rows, reached without a cursor, of a search whose key is
 * not dense (a dense key's matches come soonest counted in any order).
 */
export const oneScanApplies = (search: Search, r: Reading): boolean =>
  !search.dense && !r.cursor && r.offset + r.limit <= SEARCH_TOTAL_CAP;

/** The depth every candidate read goes to under one-scan. */
export const ONE_SCAN_DEPTH = constantDepth(SEARCH_TOTAL_CAP + 1);

/** `candidates` (read ONE_SCAN_DEPTH deep) once: the total is how many there are, the page their head. */
export function oneScan(candidates: SQL, r: Reading): Plan {
  const pageAndCount = withCount(r, sql`(SELECT count(*) FROM m)`, sql`SELECT * FROM m`);
  const rows = sql`WITH m AS MATERIALIZED (${candidates}) ${pageAndCount}`;
  return { names: ['one-scan'], rows, exact: false };
}
