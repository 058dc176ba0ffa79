import { eq, sql, type SQL } from 'drizzle-orm';
import { counters } from './schema';
import { prepared } from './adapter/prepared';
import { centsToNumber } from '../../shared/money';
import type { Tx } from './client';

const NUMERIC_RE = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Cents of a numeric column value ("-40.50" -> -4050; numeric(14,2) sums too: "19999999998.98"). A value that is
 * not such a number throws: an amount is never silently read as 0.
 */
export function centsOf(v: string | number | null | undefined): number {
  if (v === null || v === undefined) return 0;
  const m = NUMERIC_RE.exec(String(v).trim());
  const cents = m ? Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')) : NaN;
  if (!m || !Number.isSafeInteger(cents)) throw new Error(`not an amount of money: ${String(v)}`);
  return m[1] === '-' ? -cents : cents;
}
/** A numeric(12,2) column value ("40.50") as a JSON number (40.5). */
export const moneyOut = (v: string | number | null | undefined): number => centsToNumber(centsOf(v));
export const moneyOrNull = (v: string | null | undefined) => (v === null || v === undefined ? null : moneyOut(v));
/** How PostgreSQL writes a timestamptz in UTC ("2026-11-21 23:27:46.754+00"; up to 6 decimals, none when whole). */
const PG_UTC_RE = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
/**
 * A timestamp as an ISO string in UTC with milliseconds, as Date#toISOString writes it. PostgreSQL's UTC text is
 * rewritten directly (parsing it as a Date was a tenth of a big list's serving time); any other text goes through Date.
 */
export const isoOrNull = (v: string | Date | null | undefined) => {
  if (!v) return null;
  const m = typeof v === 'string' ? PG_UTC_RE.exec(v) : null;
  return m ? `${m[1]}T${m[2]}.${(m[3] ?? '').slice(0, 3).padEnd(3, '0')}Z` : new Date(v).toISOString();
};

/** A row counter's value inside a statement: the sum of its shards (see migration 0005). */
export const counterSum = (name: SQL): SQL<number> => sql<number>`(SELECT coalesce(sum(value), 0)::int FROM counters WHERE name = ${name})`;

/** Reads a row counter kept by the triggers: the sum of its shards (see migration 0005). */
export async function readCounter(tx: Tx, name: string): Promise<number> {
  const rows = await prepared(tx, 'read_counter', (t) =>
    t
      .select({ value: sql<string>`coalesce(sum(${counters.value}), 0)` })
      .from(counters)
      .where(eq(counters.name, sql.placeholder('name')))
      .prepare('read_counter'),
  ).execute({ name });
  return Math.max(0, Number(rows[0]?.value ?? 0));
}

/** A timestamp column as ISO 8601 text in UTC, formatted by the database (list rows, exports). */
export const isoSql = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An int[] bound as one parameter (`${intArray(ids)}::int[]`): PostgreSQL's array text of whole numbers. */
export const intArray = (ids: number[]): string => `{${ids.map((n) => String(Math.trunc(n))).join(',')}}`;
