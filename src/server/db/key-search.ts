import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { rowsOf } from './rows';
import { containing } from './list-query';

/** A stored key holding a search key: the trigram index looks up only the key's rarest trigrams (docs/lists.md, Search). */
const [LOOKUPS, COMMON, SAMPLE, SAMPLE_MS] = [3, 0.25, 256, 10 * 60_000];
export type KeyColumn = { table: string; column: string };

/** Stored keys, and how many of them hold each trigram. */
export type KeySample = { keys: string[]; held: Map<string, number> };
const trigramsOf = (key: string): Set<string> => {
  const chars = [...key];
  return new Set(chars.map((_, i) => chars.slice(i, i + 3).join('')).filter((g) => /^[\p{L}\p{N}]{3}$/u.test(g)));
};
export const NO_SAMPLE: KeySample = { keys: [], held: new Map() };
export function sampleOf(keys: string[]): KeySample {
  const held = new Map<string, number>();
  for (const k of keys) for (const g of trigramsOf(k)) held.set(g, (held.get(g) ?? 0) + 1);
  return { keys, held };
}

/** The trigrams of `key` the index looks up: its rarest in the sample (the later first on a tie), none a quarter of it holds. */
export function lookupTrigrams(key: string, sample: KeySample): string[] {
  const held = [...trigramsOf(key)].reverse().map((g) => ({ g, n: sample.held.get(g) ?? 0 }));
  return held
    .filter((x) => x.n <= sample.keys.length * COMMON)
    .sort((a, b) => a.n - b.n)
    .slice(0, LOOKUPS)
    .map((x) => x.g);
}

/** A quarter of the sample or more holds `key` (db/list-query.ts counts such a search's rows in any order). */
export const isDense = (key: string, { keys }: KeySample): boolean =>
  keys.length > 0 && keys.filter((s) => s.includes(key)).length >= keys.length * COMMON;

const samples = new Map<string, { at: number; keys: Promise<KeySample> }>();
/** Keys spread evenly over the table's ids, read again every 10 minutes (per server instance). */
export function keySample(tx: Tx, c: KeyColumn): Promise<KeySample> {
  const name = `${c.table}.${c.column}`;
  const cached = samples.get(name);
  if (cached && Date.now() - cached.at < SAMPLE_MS) return cached.keys;
  const [table, column] = [sql.identifier(c.table), sql.identifier(c.column)];
  const keys = rowsOf<{ k: string | null }>(
    tx,
    sql`SELECT s.k FROM (SELECT min(id) AS lo, max(id) - min(id) AS span FROM ${table}) b CROSS JOIN generate_series(0, ${SAMPLE - 1}) n(i)
          CROSS JOIN LATERAL (SELECT ${column} AS k FROM ${table} WHERE id >= b.lo + b.span * n.i / ${SAMPLE} ORDER BY id LIMIT 1) s`,
  ).then((rows) => sampleOf(rows.flatMap((r) => (r.k === null ? [] : [r.k]))));
  samples.set(name, { at: Date.now(), keys });
  keys.catch(() => samples.delete(name));
  return keys;
}

/**
 * `column` holds `key`, taken literally. With lookups the whole key is checked as `column || ''`, which the index cannot
 * take; without (no rare trigram: `0000`, `bp-1`), the plain condition, estimated from the column's statistics.
 */
export function holds(column: SQL, key: string, sample: KeySample): SQL {
  const lookups = lookupTrigrams(key, sample).map((g) => sql`${column} LIKE ${containing(g)}`);
  return lookups.length
    ? sql`(${sql.join([...lookups, sql`(${column} || '') LIKE ${containing(key)}`], sql` AND `)})`
    : sql`${column} LIKE ${containing(key)}`;
}
