import type { Database } from '../../db/client';
import { MONTHS } from '../../../shared/constants';
import { LIMITS } from '../../../shared/limits';
import type { ChartData, DashboardChart } from '../../../shared/types';
import { invalidFields } from '../../http/errors';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';

const DAY_MS = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The number of days from start to end inclusive; refuses ranges over LIMITS.reports.maxDays. */
export function checkedDayCount(start: string, end: string): number {
  const count = Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1;
  if (count > LIMITS.reports.maxDays.value)
    throw invalidFields({
      end_date: [`The end date field must be within ${LIMITS.reports.maxDays.value} days of the start date (both included).`],
    });
  return count;
}

/** Every day from start to end inclusive, as YYYY-MM-DD; refuses ranges over LIMITS.reports.maxDays. */
export function reportDays(start: string, end: string): string[] {
  const from = dayMs(start);
  return Array.from({ length: checkedDayCount(start, end) }, (_, i) => dayText(from + i * DAY_MS));
}

/** seller_id 0 means all sellers, for staff only; a seller always gets their own. */
const scope = (actor: AuthUser, requested: number) => (actor.role === 'seller' ? actor.id : requested);

export interface ChartInput {
  start_date: string;
  end_date: string;
  seller_id: number;
}

export function createReportService(database: Database) {
  const { db } = database;
  return {
    async daily(actor: AuthUser, input: ChartInput): Promise<ChartData> {
      const days = reportDays(input.start_date, input.end_date);
      const counts = new Map(
        (await repo.dailyCounts(db, scope(actor, input.seller_id), input.start_date, input.end_date)).map((r) => [r.day, r]),
      );
      return {
        lableArray: days,
        approvalArray: days.map((d) => counts.get(d)?.approved ?? 0),
        rejectionArray: days.map((d) => counts.get(d)?.rejected ?? 0),
      };
    },

    /** The calendar year of start_date, one label per month. */
    async yearly(actor: AuthUser, input: ChartInput): Promise<ChartData> {
      const year = Number(input.start_date.slice(0, 4));
      const counts = new Map((await repo.monthlyCounts(db, scope(actor, input.seller_id), year)).map((r) => [r.month, r]));
      return {
        lableArray: [...MONTHS],
        approvalArray: MONTHS.map((_, i) => counts.get(i + 1)?.approved ?? 0),
        rejectionArray: MONTHS.map((_, i) => counts.get(i + 1)?.rejected ?? 0),
      };
    },

    /** Dashboard: only the days that have any. */
    async dashboard(actor: AuthUser, input: { start_date: string; end_date: string }): Promise<DashboardChart> {
      checkedDayCount(input.start_date, input.end_date);
      const rows = await repo.dailyCounts(db, scope(actor, 0), input.start_date, input.end_date);
      return {
        approved: rows.filter((r) => r.approved > 0).map((r) => ({ approval_date: r.day, total: r.approved })),
        rejected: rows.filter((r) => r.rejected > 0).map((r) => ({ rejection_date: r.day, total: r.rejected })),
      };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
