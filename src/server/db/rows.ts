import type { SQL } from 'drizzle-orm';
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
