import { sql } from 'drizzle-orm';
import type { Database } from './client';

export class ReportTzMismatch extends Error {}

/** The report time zone inside a statement (db/functions/report_tz.sql), read once per statement. */
export const reportTz = sql`(SELECT report_tz())`;
/** When report day `day` (YYYY-MM-DD) starts, and when the day after it starts, in the report time zone. */
export const reportDayStart = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${reportTz})`;
export const reportDayEnd = (day: string) => sql`(((${day}::date) + 1)::timestamp AT TIME ZONE ${reportTz})`;

/**
 * REPORT_TZ is pinned in the database: the report rollup (report_daily) counts days in one time zone. A database
 * with no report days yet takes the configured zone; one with days refuses another zone (so two instances with
 * different values, or a changed setting, never mix zones) until the rollup is rebuilt explicitly.
 */
export async function pinReportTz(database: Database, tz: string, onMismatch: 'refuse' | 'rebuild' = 'refuse'): Promise<void> {
  const [row] = await database.query<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'report_tz'`);
  if (row?.value === tz) return;
  const [{ built }] = await database.query<{ built: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM report_daily) AS built`);
  if (built && onMismatch === 'refuse')
    throw new ReportTzMismatch(
      `REPORT_TZ is ${tz}, but the report days in this database were counted in ${row?.value}. ` +
        `Start with REPORT_TZ=${row?.value}, or stop every server and rebuild them for ${tz}: npm run report:rebuild -- ${tz}`,
    );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE app_settings SET value = ${tz} WHERE key = 'report_tz'`);
    if (!built) return;
    // The rollup again from the cards, in the new zone: each approved card on its approval day, each rejected card
    // on its rejection day, each disputed card on its dispute day, per seller and for everyone (seller 0), as the triggers keep it.
    await tx.execute(sql`DELETE FROM report_daily`);
    await tx.execute(sql`
      INSERT INTO report_daily (day, seller_id, approved, rejected, disputed)
      SELECT day, coalesce(seller_id, 0), sum(approved)::int, sum(rejected)::int, sum(disputed)::int FROM (
        SELECT (approval_date AT TIME ZONE ${tz})::date AS day, seller_id, 1 AS approved, 0 AS rejected, 0 AS disputed
          FROM gift_cards WHERE card_status = 1 AND approval_date IS NOT NULL
        UNION ALL
        SELECT (rejection_date AT TIME ZONE ${tz})::date, seller_id, 0, 1, 0
          FROM gift_cards WHERE card_status = 2 AND rejection_date IS NOT NULL
        UNION ALL
        SELECT (dispute_date AT TIME ZONE ${tz})::date, seller_id, 0, 0, 1
          FROM gift_cards WHERE card_status = 3 AND dispute_date IS NOT NULL
      ) d
      GROUP BY GROUPING SETS ((day, seller_id), (day))`);
    // Rejections per reason (migration 0009), the same way.
    await tx.execute(sql`DELETE FROM report_reject_reasons`);
    await tx.execute(sql`
      INSERT INTO report_reject_reasons (day, seller_id, reason, rejected)
      SELECT day, coalesce(seller_id, 0), reason, count(*)::int FROM (
        SELECT (rejection_date AT TIME ZONE ${tz})::date AS day, seller_id, coalesce(reject_reason, 'none') AS reason
          FROM gift_cards WHERE card_status = 2 AND rejection_date IS NOT NULL
      ) d
      GROUP BY GROUPING SETS ((day, seller_id, reason), (day, reason))`);
  });
}
