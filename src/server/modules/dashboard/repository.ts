import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { reportTz } from '../../db/report-tz';

/** The raw figures of the dashboard strip; `sellerId` null reads the whole marketplace. */
export interface FigureRow {
  pending: number;
  oldest_pending_at: string | null;
  overdue: number;
  due: string;
  paid_this_month: string;
  clawed_back_this_month: string;
  approved_this_month: number;
  rejected_this_month: number;
}

async function one<T>(tx: Tx, q: SQL): Promise<T> {
  return (await firstRow<T>(tx, q)) as T;
}

/**
 * One round trip. A seller's due is their seller_due, sign and all (negative: they owe money back); staff's is what
 * the marketplace owes its sellers (the sum of the positive dues: one seller's debt does not pay another). Paid
 * counts payouts only (kind 0); clawbacks and their reversals are their own figure. The month starts on the 1st in the report time zone (db/report-tz.ts); approvals and
 * rejections come from the report_daily rollup (seller 0 holds the whole marketplace's rows), never from the cards.
 */
export function readFigures(tx: Tx, sellerId: number | null): Promise<FigureRow> {
  const own = (column: SQL) => (sellerId === null ? sql`TRUE` : sql`${column} = ${sellerId}`);
  return one<FigureRow>(
    tx,
    sql`
    WITH month AS (SELECT date_trunc('month', now() AT TIME ZONE ${reportTz}) AS local_start,
                          (date_trunc('month', now() AT TIME ZONE ${reportTz}) AT TIME ZONE ${reportTz}) AS start)
    SELECT
      (SELECT count(*)::int FROM gift_cards c WHERE c.card_status = 0 AND ${own(sql`c.seller_id`)}) AS pending,
      (SELECT min(c.created_at)::text FROM gift_cards c WHERE c.card_status = 0 AND ${own(sql`c.seller_id`)}) AS oldest_pending_at,
      (SELECT count(*)::int FROM gift_cards c
        WHERE c.card_status = 0 AND c.review_due_at < now() AND ${own(sql`c.seller_id`)}) AS overdue,
      (SELECT coalesce(sum(${sellerId === null ? sql`greatest(u.seller_due, 0)` : sql`u.seller_due`}), 0)::text FROM users u
        WHERE u.role = 'seller' AND u.deleted_at IS NULL AND ${own(sql`u.id`)}) AS due,
      (SELECT coalesce(sum(t.transaction_amount), 0)::text FROM transactions t
        WHERE t.created_at >= (SELECT start FROM month) AND t.kind = 0 AND ${own(sql`t.seller_id`)}) AS paid_this_month,
      (SELECT coalesce(-sum(t.transaction_amount), 0)::text FROM transactions t
        WHERE t.created_at >= (SELECT start FROM month) AND t.kind IN (1, 2) AND ${own(sql`t.seller_id`)}) AS clawed_back_this_month,
      (SELECT coalesce(sum(r.approved), 0)::int FROM report_daily r
        WHERE r.seller_id = ${sellerId ?? 0} AND r.day >= (SELECT local_start FROM month)::date) AS approved_this_month,
      (SELECT coalesce(sum(r.rejected), 0)::int FROM report_daily r
        WHERE r.seller_id = ${sellerId ?? 0} AND r.day >= (SELECT local_start FROM month)::date) AS rejected_this_month`,
  );
}
