import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReviewerFigures } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { TableStatusRow } from '../../components/DataTable';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { useTrackedParams } from '../../components/filters/useTrackedParams';
import { canRetry } from '../../components/retry';
import ChartBlock from '../../components/charts/ChartBlock';
import { isoDay, localDay } from '../../lib/dates';
import { formatRate, formatSeconds, formatShare } from './figureFormats';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const COLUMNS = [
  'Reviewer',
  'Approvals',
  'Rejections',
  'Decisions',
  'Decisions an hour',
  'Median time to decide',
  'SLA met',
  'QA agreement',
  'Appeals reversed',
] as const;

function FiguresRow({ r }: { r: ReviewerFigures }) {
  return (
    <TableRow data-testid={`figures-${r.user_id}`}>
      <TableCell component="th" scope="row">
        {r.name}
      </TableCell>
      <TableCell align="right">{r.approvals}</TableCell>
      <TableCell align="right">{r.rejections}</TableCell>
      <TableCell align="right">{r.decisions}</TableCell>
      <TableCell align="right" title={`${r.decisions} over ${r.hours_deciding} clock hours with a decision`}>
        {formatRate(r.decisions_per_hour)}
      </TableCell>
      <TableCell align="right" title={`${r.timed_decisions} of ${r.decisions} decisions timed from opening the card`}>
        {formatSeconds(r.median_seconds)}
      </TableCell>
      <TableCell align="right" title={`${r.sla_met} of ${r.sla_decisions} pending cards decided by their review target`}>
        {formatShare(r.sla_met_share)}
      </TableCell>
      <TableCell align="right" title={`${r.qa_agreed} of ${r.qa_checked} decisions checked by QA agreed with`}>
        {formatShare(r.qa_agreement)}
      </TableCell>
      <TableCell align="right" title={`${r.appeals_reversed} of ${r.appeals_decided} appealed rejections reversed`}>
        {r.appeals_decided > 0 ? `${r.appeals_reversed} of ${r.appeals_decided}` : '–'}
      </TableCell>
    </TableRow>
  );
}

/**
 * Reviewer figures (admins, issue 54): per reviewer over the chosen days, their decisions, decisions an hour, median
 * time to decide and SLA met share (docs/review.md defines each); the days are in the URL. Export CSV and a chart of
 * each reviewer's approvals and rejections.
 */
export default function ReviewerFiguresPage() {
  const { params, update } = useTrackedParams();
  const today = new Date();
  const from = DAY_RE.test(params.get('from') ?? '') ? params.get('from')! : isoDay(new Date(today.getFullYear(), today.getMonth(), 1));
  const to = DAY_RE.test(params.get('to') ?? '') ? params.get('to')! : isoDay(today);
  const query = { from, to };
  const q = useApiQuery('reviewerFigures', { query }, { retry: false });
  const report = q.data;
  const rows = report?.reviewers ?? [];
  const set = (k: 'from' | 'to', v: string) =>
    update(
      (latest) => {
        const next = new URLSearchParams(latest);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const error = q.error ? (q.error.result.data as { errors?: Record<string, string[]>; message?: string }) : null;
  const fieldError = (k: 'from' | 'to') => error?.errors?.[k]?.[0];
  const errorText = error ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message ?? 'Could not load the figures') : null;

  return (
    <Box>
      <PageHeader
        title="Reviewer figures"
        actions={<ExportButton op="exportReviewerFigures" args={{ query }} fileName={`reviewer-figures-${from}-to-${to}.csv`} />}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} component="form" aria-label="Period" noValidate>
        {(['from', 'to'] as const).map((k) => (
          <TextField
            key={k}
            id={`figures-${k}`}
            label={k === 'from' ? 'From' : 'To'}
            type="date"
            size="small"
            value={k === 'from' ? from : to}
            onChange={(e) => set(k, e.target.value)}
            error={Boolean(fieldError(k))}
            helperText={fieldError(k) ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 200 }}
          />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="figures-period">
        {localDay(from)} to {localDay(to)}
        {report ? `, days in the ${report.time_zone} time zone` : ''}
      </Typography>
      <TableContainer component={Paper} sx={{ mb: 3 }}>
        <Table size="small" aria-label="Reviewer figures" aria-busy={q.isFetching}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c, i) => (
                <TableCell key={c} align={i === 0 ? 'left' : 'right'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={COLUMNS.length}
              loading={q.isFetching && !report}
              error={errorText}
              empty={rows.length === 0}
              emptyText="No decisions in this period"
              onRetry={canRetry(q.error) ? () => void q.refetch() : undefined}
            />
            {!errorText && rows.map((r) => <FiguresRow key={r.user_id} r={r} />)}
          </TableBody>
        </Table>
      </TableContainer>
      {!errorText && rows.length > 0 && (
        <Paper component="section" aria-labelledby="figures-chart-title" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id="figures-chart-title" gutterBottom>
            Decisions per reviewer
          </Typography>
          <ChartBlock
            kind="bar"
            title="Approvals and rejections per reviewer"
            labelHeading="Reviewer"
            series={{ labels: rows.map((r) => r.name), approved: rows.map((r) => r.approvals), rejected: rows.map((r) => r.rejections) }}
          />
        </Paper>
      )}
    </Box>
  );
}
