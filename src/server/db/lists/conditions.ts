import { sql, type SQL } from 'drizzle-orm';
import { idArray } from '../rows';
import { reportDayEnd, reportDayStart } from '../report-tz';
import { centsToDecimal } from '../../../shared/money';

/** The conditions joined with AND; TRUE when there are none. */
export function allOf(conditions: (SQL | undefined | false)[]): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length ? sql`(${sql.join(present, sql` AND `)})` : sql`TRUE`;
}
export const anyOf = (conditions: SQL[]): SQL => sql`(${sql.join(conditions, sql` OR `)})`;
/** The conditions joined with OR; FALSE when there are none. */
export const either = (ways: (SQL | undefined)[]): SQL =>
  ways.some(Boolean) ? anyOf(ways.filter((w): w is SQL => !!w)) : sql`FALSE`;

/** An ILIKE pattern matching `q` anywhere, `%`, `_` and `\` in it taken literally. */
export const containing = (q: string): string => `%${likeText(q)}%`;
export const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Day bounds: report days (the zone the reports count days in). */
export const dayFrom = (column: SQL, day: string): SQL => sql`${column} >= ${reportDayStart(day)}`;
export const dayTo = (column: SQL, day: string): SQL => sql`${column} < ${reportDayEnd(day)}`;
export const atLeast = (column: SQL, cents: number): SQL => sql`${column} >= ${centsToDecimal(cents)}::numeric`;
export const atMost = (column: SQL, cents: number): SQL => sql`${column} <= ${centsToDecimal(cents)}::numeric`;

/** `column` is one of these ids (one array value, so the plan knows how many). */
export const oneOf = (column: SQL, ids?: number[]) =>
  ids?.length ? sql`${column} = ANY (${idArray(ids)})` : undefined;
