import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { rowsOf } from './rows';
import { allOf, containing } from './lists/conditions';

/** A stored key holding a search key: the trigram index looks up only the key's rarest trigrams (docs/lists.md, Search). */
const [LOOKUPS, COMMON, SAMPLE, SAMPLE_MS] = [3, 0.25, 256, 10 * 60_000];
/** Stored keys, and how many of them hold each trigram. */
export type KeySample = { keys: string[]; held: Map<string, number> };
const trigramsOf = (key: string) =>
  new Set([...key].map((_, i, c) => c.slice(i, i + 3).join('')).filter((g) => /^[\p{L}\p{N}]{3}$/u.test(g)));
export function sampleOf(keys: string[]): KeySample {
  const held = new Map<string, number>();
  for (const k of keys) for (const g of trigramsOf(k)) held.set(g, (held.get(g) ?? 0) + 1);
  return { keys, held };
}

/** The trigrams of `key` the index looks up: its rarest in the sample (the later first on a tie), none a quarter of it holds,
 * first those apart from the ones picked (overlapping ones come together: a number with `5959` holds `595` and `959`). */
export function lookupTrigrams(key: string, { keys, held }: KeySample): string[] {
  const rare = [...trigramsOf(key)].reverse().filter((g) => (held.get(g) ?? 0) <= keys.length * COMMON);
  rare.sort((a, b) => (held.get(a) ?? 0) - (held.get(b) ?? 0));
  const apart = rare.reduce<string[]>((p, g) => (p.every((q) => Math.abs(key.indexOf(q) - key.indexOf(g)) > 2) ? [...p, g] : p), []);
  return [...new Set([...apart, ...rare])].slice(0, LOOKUPS);
}

const samples = new Map<string, { at: number; keys: Promise<KeySample> }>();
/** Keys spread evenly over the table's ids, read again every 10 minutes (per server instance). */
function keySample(tx: Tx, table: string, column: string): Promise<KeySample> {
  const cached = samples.get(`${table}.${column}`);
  if (cached && Date.now() - cached.at < SAMPLE_MS) return cached.keys;
  const [t, c] = [sql.identifier(table), sql.identifier(column)];
  const keys = rowsOf<{ k: string | null }>(
    tx,
    sql`SELECT s.k FROM (SELECT min(id) AS lo, max(id) - min(id) AS span FROM ${t}) b CROSS JOIN generate_series(0, ${SAMPLE - 1}) n(i)
          CROSS JOIN LATERAL (SELECT ${c} AS k FROM ${t} WHERE id >= b.lo + b.span * n.i / ${SAMPLE} ORDER BY id LIMIT 1) s`,
  ).then((rows) => sampleOf(rows.flatMap((r) => (r.k === null ? [] : [r.k]))));
  samples.set(`${table}.${column}`, { at: Date.now(), keys });
  keys.catch(() => samples.delete(`${table}.${column}`));
  return keys;
}

/** `table.column` holds `key`: the index finds rows by the lookups, `strpos` checks the whole key (one plan for every key,
 * docs/lists.md, Search). `dense`: a quarter of the sample holds the key. */
export async function keySearch(tx: Tx, table: string, column: string, key: string): Promise<{ holds: SQL; dense: boolean }> {
  // A search with nothing left to compare (only punctuation, e.g. `%`) holds in no key: every key contains ''.
  if (key === '') return { holds: sql`false`, dense: false };
  const sample = await keySample(tx, table, column);
  const col = sql.identifier(column);
  const lookups = lookupTrigrams(key, sample).map((g) => sql`${col} LIKE ${containing(g)}`);
  const holds = allOf([...lookups, sql`strpos(${col}, ${key}) > 0`]);
  return { holds, dense: sample.keys.filter((k) => k.includes(key)).length >= Math.max(1, sample.keys.length * COMMON) };
}
