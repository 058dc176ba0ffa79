import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { preparedSelect } from '../../db/prepared';

/** From this offset on, a newest-first page is found through the id blocks of migration 0014 instead of skipping ids. */
export const DEEP_PAGE_OFFSET = 4096;
const BLOCK = 4096;

/**
 * The ids of one newest-first page of every card (`status` -1) or of one status, however deep: the block holding the
 * page's first row is found by summing the per-block counts from the newest block down, then fewer than 4,096 ids
 * are skipped inside it. One statement, so the counts and the cards are read in the same snapshot; exact.
 */
export async function deepPageIds(tx: Tx, status: -1 | 0 | 1 | 2 | 3, offset: number, limit: number): Promise<number[]> {
  // Prepared (one per size, all cards or one status): every value's plan is the same, the blocks' primary key and
  // then a backward walk of the ids from the block's end.
  const ofStatus = status === -1 ? sql`` : sql` AND g.card_status = ${sql.placeholder('status')}::int`;
  const n = Math.trunc(limit);
  const name = `deep_page_${status === -1 ? 'all' : 'status'}_${n}`;
  const offsetParam = sql`${sql.placeholder('offset')}::int`;
  const ids = sql<number[]>`ARRAY(
    WITH b AS (SELECT block, sum(n) AS n FROM gift_card_blocks WHERE status = ${sql.placeholder('status')}::int GROUP BY block),
         r AS (SELECT block, n, sum(n) OVER (ORDER BY block DESC) AS upto FROM b),
         s AS (SELECT block, upto - n AS before FROM r WHERE upto > ${offsetParam} ORDER BY block DESC LIMIT 1)
    SELECT g.id FROM gift_cards g
     WHERE g.id < (SELECT (block + 1) * ${sql.raw(String(BLOCK))} FROM s)${ofStatus}
     ORDER BY g.id DESC
    OFFSET (SELECT ${offsetParam} - before FROM s) LIMIT ${sql.raw(String(n))})`;
  const [row] = await preparedSelect<{ ids: number[] }>(tx, name, { ids }, sql`(SELECT 1) AS one`).execute({ status, offset });
  return (row?.ids ?? []).map(Number);
}
