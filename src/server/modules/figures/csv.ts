import type { ReviewerFigures, ReviewerFiguresReport } from '../../../shared/types';
import type { CsvColumn } from '../exports/csv';

/** The reviewer figures as CSV: one line per reviewer, the screen's columns plus the counts behind each share. */
export function figuresCsv(report: ReviewerFiguresReport): { columns: CsvColumn<ReviewerFigures>[]; fileName: string } {
  const columns: CsvColumn<ReviewerFigures>[] = [
    { header: 'reviewer_id', value: (r) => r.user_id },
    { header: 'reviewer', value: (r) => r.name },
    { header: 'from', value: () => report.from },
    { header: 'to', value: () => report.to },
    { header: 'approvals', value: (r) => r.approvals },
    { header: 'rejections', value: (r) => r.rejections },
    { header: 'decisions', value: (r) => r.decisions },
    { header: 'hours_deciding', value: (r) => r.hours_deciding },
    { header: 'decisions_per_hour', value: (r) => r.decisions_per_hour },
    { header: 'median_seconds_to_decide', value: (r) => r.median_seconds },
    { header: 'timed_decisions', value: (r) => r.timed_decisions },
    { header: 'sla_decisions', value: (r) => r.sla_decisions },
    { header: 'sla_met', value: (r) => r.sla_met },
    { header: 'sla_met_share', value: (r) => r.sla_met_share },
    { header: 'qa_checked', value: (r) => r.qa_checked },
    { header: 'qa_agreed', value: (r) => r.qa_agreed },
    { header: 'qa_agreement', value: (r) => r.qa_agreement },
    { header: 'appeals_decided', value: (r) => r.appeals_decided },
    { header: 'appeals_reversed', value: (r) => r.appeals_reversed },
  ];
  return { columns, fileName: `reviewer-figures-${report.from}-to-${report.to}.csv` };
}
