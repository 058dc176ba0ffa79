import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { reportDayEnd, reportDayStart, reportTz } from '../../db/report-tz';

/** One reviewer's raw counts over a period (figures/service.ts turns them into the answer). */
export interface FiguresRow {
  user_id: number;
  name: string;
  approvals: number;
  rejections: number;
  hours: number;
  median_seconds: string | null;
  timed: number;
  sla_decisions: number;
  sla_met: number;
  qa_checked: number;
  qa_agreed: number;
  appeals_decided: number;
  appeals_reversed: number;
}

/** The report time zone's name (the days of a period are read in it). */
export async function reportTimeZone(tx: Tx): Promise<string> {
  const [r] = await rowsOf<{ tz: string }>(tx, sql`SELECT ${reportTz} AS tz`);
  return r?.tz ?? 'UTC';
}

/**
 * Per reviewer, the approvals and rejections recorded in the audit log from the start of `from` to the end of `to`
 * (days in the report time zone): the clock hours they decided in, the median time from opening the card
 * (details.opened_at, kept with a decision by the claim's holder) to the decision, and the decisions of pending cards
 * made by the card's review_due_at; of their decisions sampled for QA (the sample is written in the decision's
 * transaction: same card, decider, decision and time) those looked at again and those the second look agreed with; of
 * their rejections appealed (card_appeals.decision_id is the rejection's audit entry) those decided and those reversed.
 * Reads the partial index audit_log_decisions (migration 0035) by time, then each decision's card, QA sample and appeal
 * by their indexes.
 */
export async function reviewerFigures(tx: Tx, from: string, to: string): Promise<FiguresRow[]> {
  const rows = await rowsOf<FiguresRow>(tx, figuresSql(from, to));
  return rows.map((r) => ({
    ...r,
    user_id: Number(r.user_id),
    approvals: Number(r.approvals),
    rejections: Number(r.rejections),
    hours: Number(r.hours),
    timed: Number(r.timed),
    sla_decisions: Number(r.sla_decisions),
    sla_met: Number(r.sla_met),
    qa_checked: Number(r.qa_checked),
    qa_agreed: Number(r.qa_agreed),
    appeals_decided: Number(r.appeals_decided),
    appeals_reversed: Number(r.appeals_reversed),
  }));
}

/** The statement of reviewerFigures (its plan is checked in tests/server/reviewer-figures.test.ts). */
export const figuresSql = (from: string, to: string): SQL =>
  sql`WITH d AS (
          SELECT a.actor_id, a.action, a.created_at AS at, (a.details->>'opened_at')::timestamptz AS opened_at,
                 (a.details->>'from') = '0' AS was_pending, g.review_due_at, qa.status AS qa_status, ap.outcome AS appeal
            FROM audit_log a LEFT JOIN gift_cards g ON g.id = a.entity_id
            LEFT JOIN LATERAL (
              SELECT q.status FROM qa_reviews q
               WHERE q.gift_card_id = a.entity_id AND q.decided_by = a.actor_id AND q.decision = a.action
                 AND q.decided_at = a.created_at
               LIMIT 1) qa ON true
            LEFT JOIN card_appeals ap ON ap.decision_id = a.id AND ap.kind = 'appeal'
           WHERE a.entity = 'gift_card' AND a.action IN ('approve', 'reject') AND a.actor_id IS NOT NULL
             AND a.created_at >= ${reportDayStart(from)} AND a.created_at < ${reportDayEnd(to)})
        SELECT d.actor_id AS user_id, u.name,
               count(*) FILTER (WHERE d.action = 'approve')::int AS approvals,
               count(*) FILTER (WHERE d.action = 'reject')::int AS rejections,
               count(DISTINCT date_trunc('hour', d.at AT TIME ZONE ${reportTz}))::int AS hours,
               round(percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM d.at - d.opened_at)))
                 FILTER (WHERE d.opened_at IS NOT NULL)::numeric, 1)::text AS median_seconds,
               count(d.opened_at)::int AS timed,
               count(*) FILTER (WHERE d.was_pending AND d.review_due_at IS NOT NULL)::int AS sla_decisions,
               count(*) FILTER (WHERE d.was_pending AND d.at <= d.review_due_at)::int AS sla_met,
               count(*) FILTER (WHERE d.qa_status IN ('agreed', 'disagreed', 'resolved'))::int AS qa_checked,
               count(*) FILTER (WHERE d.qa_status = 'agreed')::int AS qa_agreed,
               count(d.appeal)::int AS appeals_decided,
               count(*) FILTER (WHERE d.appeal = 'reversed')::int AS appeals_reversed
          FROM d JOIN users u ON u.id = d.actor_id
         GROUP BY d.actor_id, u.name
         ORDER BY u.name, d.actor_id`;
