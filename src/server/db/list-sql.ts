import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { centsToDecimal } from '../../shared/money';
import { TOTAL_CAP } from '../../shared/list-queries';
import { firstRow } from './rows';

/**
 * Building blocks of the filtered lists (work queues). The server's connections plan every statement generically
 * (plan_cache_mode=force_generic_plan, for the prepared hot reads), and a generic plan cannot use a LIKE prefix
 * index or the real selectivity of a filter: so the filters' values, all validated by the contract first, are written
 * into the SQL text with `lit` (numbers as numbers, text as a quoted literal), and each list query is planned for them.
 */
export function lit(v: string | number): SQL {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('not a number');
    return sql.raw(String(v));
  }
  if (v.includes('\0')) throw new Error('a NUL character in a literal');
  return sql.raw(`'${v.replace(/'/g, "''")}'`);
}

/** `ILIKE` pattern matching `q` literally anywhere: `%`, `_` and `\` in the search are plain characters. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The conditions joined with AND; TRUE when there are none. */
export function allOf(conditions: (SQL | undefined | false)[]): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length ? sql.join(present, sql` AND `) : sql`TRUE`;
}
export function anyOf(conditions: SQL[]): SQL {
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

/** The business day's bounds in the report time zone (the zone the reports count days in). */
const reportTz = sql`(SELECT value FROM app_settings WHERE key = 'report_tz')`;
/** A day as a literal, or as SQL (a prepared statement's placeholder). */
const dayOf = (day: string | SQL): SQL => (typeof day === 'string' ? lit(day) : day);
export const dayStart = (day: string | SQL): SQL => sql`((${dayOf(day)}::date)::timestamp AT TIME ZONE ${reportTz})`;
export const dayEnd = (day: string | SQL): SQL => sql`((${dayOf(day)}::date + 1)::timestamp AT TIME ZONE ${reportTz})`;
export function dateRange(column: SQL, from?: string, to?: string): SQL | undefined {
  return allOf([from !== undefined && sql`${column} >= ${dayStart(from)}`, to !== undefined && sql`${column} < ${dayEnd(to)}`]);
}
export function amountRange(column: SQL, min?: number, max?: number): SQL | undefined {
  return allOf([
    min !== undefined && sql`${column} >= ${lit(centsToDecimal(min))}::numeric`,
    max !== undefined && sql`${column} <= ${lit(centsToDecimal(max))}::numeric`,
  ]);
}

/** ORDER BY for an allow-listed sort key: `-key` descending; the id breaks ties in the same direction. */
export function orderBy<K extends string>(
  sort: K | undefined,
  columns: Record<string, SQL>,
  idColumn: SQL,
  fallback: K,
  nullsLast: ReadonlySet<string> = new Set(),
): SQL {
  const key = sort ?? fallback;
  const desc = key.startsWith('-');
  const name = desc ? key.slice(1) : key;
  const column = columns[name];
  if (!column) throw new Error(`sort key not in the allow-list: ${key}`);
  const nulls = nullsLast.has(name) ? sql` NULLS LAST` : sql``;
  return desc ? sql`${column} DESC${nulls}, ${idColumn} DESC` : sql`${column} ASC${nulls}, ${idColumn} ASC`;
}

/** A filtered list's total: exact, or `capped` (there are more than `total`). */
export type Count = { total: number; capped: boolean };

/** Counts the matches up to `cap` + 1 rows, so a broad filter never counts a million rows per request. */
export async function boundedCount(tx: Tx, from: SQL, where: SQL, cap = TOTAL_CAP): Promise<Count> {
  const row = await firstRow<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${lit(cap + 1)}) m`,
  );
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** A literal int[] of ids (numbers only, from the database). */
export const idArray = (ids: number[]): SQL => sql`ARRAY[${sql.join(ids.map(lit), sql`, `)}]::int[]`;

/**
 * `key` starts with `prefix` (both already normalised), written as the range a `text_pattern_ops` index answers by
 * itself: unlike LIKE, nothing is rechecked row by row (a recheck normalises every match's text again). Every
 * character is below U+10FFFF bytewise, so the range holds exactly the keys that continue the prefix.
 */
export const startsWith = (key: SQL, prefix: SQL): SQL => sql`(${key} ~>=~ ${prefix} AND ${key} ~<~ (${prefix} || chr(1114111)))`;

/**
 * A person found by the start of their name or email, case-insensitive (prefix indexes of migration 0013): `lowered`
 * is the lower-cased search, a literal or a prepared statement's placeholder.
 */
export const personPrefix = (lowered: SQL): SQL =>
  sql`(${startsWith(sql`lower(name)`, lowered)} OR ${startsWith(sql`lower(email)`, lowered)})`;

const PAGING = ['page', 'per_page', 'sort'];
/** True when a list query gives no filter other than `keys` (paging and sorting do not filter). */
export const onlyFilters = (q: object, keys: readonly string[]): boolean =>
  Object.entries(q).every(([k, v]) => v === undefined || PAGING.includes(k) || keys.includes(k));
