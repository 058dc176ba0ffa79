import type { Database } from '../../db/client';
import type { ReviewerFiguresQuery } from '../../../shared/schemas';
import type { ReviewerFigures, ReviewerFiguresReport } from '../../../shared/types';
import * as repo from './repository';

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

const figuresOut = (r: repo.FiguresRow): ReviewerFigures => {
  const decisions = r.approvals + r.rejections;
  return {
    user_id: r.user_id,
    name: r.name,
    approvals: r.approvals,
    rejections: r.rejections,
    decisions,
    hours_deciding: r.hours,
    decisions_per_hour: r.hours > 0 ? round(decisions / r.hours, 1) : 0,
    median_seconds: r.median_seconds === null ? null : Number(r.median_seconds),
    timed_decisions: r.timed,
    sla_decisions: r.sla_decisions,
    sla_met: r.sla_met,
    sla_met_share: r.sla_decisions > 0 ? round(r.sla_met / r.sla_decisions, 4) : null,
    qa_checked: r.qa_checked,
    qa_agreed: r.qa_agreed,
    qa_agreement: r.qa_checked > 0 ? round(r.qa_agreed / r.qa_checked, 4) : null,
    appeals_decided: r.appeals_decided,
    appeals_reversed: r.appeals_reversed,
  };
};

/** Reviewer figures (admins, issue 54): docs/review.md "Reviewer figures" defines each. */
export function createFiguresService(database: Database) {
  const { db } = database;
  return {
    async reviewers(q: ReviewerFiguresQuery): Promise<ReviewerFiguresReport> {
      const [rows, tz] = await Promise.all([repo.reviewerFigures(db, q.from, q.to), repo.reportTimeZone(db)]);
      return { from: q.from, to: q.to, time_zone: tz, reviewers: rows.map(figuresOut) };
    },
  };
}
export type FiguresService = ReturnType<typeof createFiguresService>;
