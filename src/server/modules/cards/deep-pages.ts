import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lit } from '../../db/list-sql';
import { rowsOf } from '../../db/rows';

/** From this offset on, a newest-first page is found through the id blocks of migration 0014 instead of skipping ids. */
export const DEEP_PAGE_OFFSET = 4096;
const BLOCK = 4096;

/**
 * The ids of one newest-first page of every card (`status` -1) or of one status, however deep: the block holding the
 * page's first row is found by summing the per-block counts from the newest block down, then fewer than 4,096 ids
 * are skipped inside it. One statement, so the counts and the cards are read in the same snapshot; exact.
 */
export async function deepPageIds(tx: Tx, status: -1 | 0 | 1 | 2 | 3, offset: number, limit: number): Promise<number[]> {
  const ofStatus = status === -1 ? sql`` : sql` AND g.card_status = ${lit(status)}`;
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`WITH b AS (SELECT block, sum(n) AS n FROM gift_card_blocks WHERE status = ${lit(status)} GROUP BY block),
             r AS (SELECT block, n, sum(n) OVER (ORDER BY block DESC) AS upto FROM b),
             s AS (SELECT block, upto - n AS before FROM r WHERE upto > ${lit(offset)} ORDER BY block DESC LIMIT 1)
        SELECT g.id FROM gift_cards g
         WHERE g.id < (SELECT (block + 1) * ${lit(BLOCK)} FROM s)${ofStatus}
         ORDER BY g.id DESC
        OFFSET (SELECT ${lit(offset)} - before FROM s) LIMIT ${lit(limit)}`,
  );
  return rows.map((r) => Number(r.id));
}
