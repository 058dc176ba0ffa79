import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Reports read only the report_daily rollup the gift_cards trigger keeps; they never scan gift_cards. */
export interface DayCounts {
  day: string;
  approved: number;
  rejected: number;
}

export async function dailyCounts(tx: Tx, sellerId: number, start: string, end: string): Promise<DayCounts[]> {
  const rows = await rowsOf<DayCounts>(
    tx,
    sql`
    SELECT day::text AS day, approved, rejected FROM report_daily
     WHERE seller_id = ${sellerId} AND day BETWEEN ${start}::date AND ${end}::date
     ORDER BY report_daily.day`,
  );
  return rows.map((r) => ({ day: r.day, approved: Number(r.approved), rejected: Number(r.rejected) }));
}

export interface MonthCounts {
  month: number;
  approved: number;
  rejected: number;
}

export async function monthlyCounts(tx: Tx, sellerId: number, year: number): Promise<MonthCounts[]> {
  const y = String(year).padStart(4, '0');
  const rows = await rowsOf<MonthCounts>(
    tx,
    sql`
    SELECT extract(month FROM day)::int AS month, sum(approved)::int AS approved, sum(rejected)::int AS rejected FROM report_daily
     WHERE seller_id = ${sellerId} AND day BETWEEN ${`${y}-01-01`}::date AND ${`${y}-12-31`}::date
     GROUP BY 1`,
  );
  return rows.map((r) => ({ month: Number(r.month), approved: Number(r.approved), rejected: Number(r.rejected) }));
}
