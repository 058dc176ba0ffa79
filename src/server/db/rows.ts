import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * The rows of a raw SQL query, typed by the caller. Both drivers (node-postgres and PGlite) answer `{ rows }`, but
 * drizzle types `execute` per driver; this is the one place that says so.
 */
export async function rowsOf<T>(tx: Tx, q: SQL): Promise<T[]> {
  return ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The first row of a raw SQL query, or undefined. */
export async function firstRow<T>(tx: Tx, q: SQL): Promise<T | undefined> {
  return (await rowsOf<T>(tx, q))[0];
}

/** Rows found by id, in the order of `ids` (a page's ids come first, its rows after). */
export const inOrder = <R extends { id: number }>(ids: number[], rows: R[]): R[] => {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
};

/** Ids as one int[] parameter (a JS array in a sql template would be spread into a row of parameters). */
export const idArray = (ids: number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
