import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import { firstRow } from '../rows';
import { likeText } from './conditions';
import { FAN_OUT_MAX } from './plans/seller-fan-out';

/** The first ids of sellers whose `c` starts with `lo`: the first FAN_OUT_MAX + 1 from `lo` on in c's prefix index. */
const firstStarting = (c: SQL, lo: string) =>
  sql`ARRAY(SELECT id FROM (SELECT id, ${c} AS c FROM users WHERE role = 'seller' AND ${c} ~>=~ ${lo}
    ORDER BY ${c} USING ~<~ LIMIT 9) f WHERE starts_with(c, ${lo}))`;

/**
 * A search's `offers` (ids) and sellers: the ids of those whose name or email starts with q, case-insensitive (unless
 * not `sellers`). The first FAN_OUT_MAX + 1 from q on in each prefix index of 0013 (one plan for any q, unlike LIKE);
 * only when there are more than that, all of them by LIKE in a second statement.
 */
export async function lookUp(tx: Tx, q: string, offers = sql`'{}'::int[]`, sellers = true) {
  const [lo, like] = [q.toLowerCase(), `${likeText(q.toLowerCase())}%`];
  const past = sql`cardinality(n) > ${FAN_OUT_MAX} OR cardinality(e) > ${FAN_OUT_MAX}`;
  const firsts = sql`(SELECT ${firstStarting(sql`lower(name)`, lo)} n, ${firstStarting(sql`lower(email)`, lo)} e)`;
  const each = sql`(SELECT CASE WHEN ${past} THEN NULL ELSE n || e END FROM ${firsts} s)`;
  const found = sellers ? each : sql`'{}'::int[]`;
  const row = (await firstRow<{ o: number[]; s: number[] | null }>(tx, sql`SELECT ${offers} AS o, ${found} AS s`))!;
  const all = sql`ARRAY(SELECT id FROM users WHERE role = 'seller'
    AND (lower(name) LIKE ${like} OR lower(email) LIKE ${like}))`;
  const s = row.s ?? (await firstRow<{ s: number[] }>(tx, sql`SELECT ${all} AS s`))!.s;
  return { offers: row.o.map(Number), sellers: [...new Set(s.map(Number))] };
}

/** Some seller's name or email starts with q: the first one from q on in its prefix index does (one plan for any q). */
export const aSellerStarting = (q: string): SQL =>
  sql`(${firstFrom(sql`lower(name)`, q)} OR ${firstFrom(sql`lower(email)`, q)})`;
const firstFrom = (c: SQL, q: string) =>
  sql`starts_with((SELECT ${c} FROM users WHERE role = 'seller' AND ${c} ~>=~ ${q.toLowerCase()}
    ORDER BY ${c} USING ~<~ LIMIT 1), ${q.toLowerCase()})`;
