import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DashboardChart } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import ChartBlock, { type Series } from '../../components/charts/ChartBlock';
import { localDay } from '../../lib/dates';

/** The dev test form's hard-coded dates (spec section 7). */
export const DEV_TEST_START = '2024-01-01';
export const DEV_TEST_END = '2024-12-31';

/** Merges the dashboard chart's approved and rejected days into one series, by day. */
export function toSeries(d: DashboardChart): Series {
  const days = new Map<string, { a: number; r: number }>();
  for (const x of d.approved) days.set(x.approval_date, { a: x.total, r: days.get(x.approval_date)?.r ?? 0 });
  for (const x of d.rejected) days.set(x.rejection_date, { a: days.get(x.rejection_date)?.a ?? 0, r: x.total });
  const sorted = [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
  return { labels: sorted.map(([day]) => localDay(day)), approved: sorted.map(([, v]) => v.a), rejected: sorted.map(([, v]) => v.r) };
}

/** /dev-test: the date-range chart test form (GET chart-data). */
export default function DevTestPage() {
  const [start, setStart] = useState(DEV_TEST_START);
  const [end, setEnd] = useState(DEV_TEST_END);
  const [asked, setAsked] = useState<{ start_date: string; end_date: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const q = useApiQuery('dashboardChart', { query: asked ?? { start_date: '', end_date: '' } }, { enabled: asked !== null, retry: false });
  const series = q.data && Array.isArray(q.data.approved) ? toSeries(q.data) : null;
  const error = missing ? 'Both dates are required' : q.isError ? 'The chart data could not be loaded' : null;
  useEffect(() => {
    if (q.error) console.error('dev-test chart failed', q.error.status, q.error.result.data);
  }, [q.error]);

  const run = (e: React.FormEvent) => {
    e.preventDefault();
    setMissing(!start || !end);
    if (!start || !end) return;
    if (asked?.start_date === start && asked.end_date === end) void q.refetch();
    else setAsked({ start_date: start, end_date: end });
  };

  return (
    <Box>
      <PageHeader title="Dev Test" />
      <Paper sx={{ p: 3 }}>
        <form onSubmit={run} noValidate aria-label="Chart test">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <TextField
              type="date"
              label="Start Date"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              required
              autoFocus
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="End Date"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button type="submit" variant="contained">
              Load Chart
            </Button>
          </Stack>
        </form>
        {error && (
          <Typography color="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Typography>
        )}
        {series === null ? (
          <Typography color="text.secondary" sx={{ minHeight: 320 }}>
            Pick the dates and load the chart.
          </Typography>
        ) : series.labels.length === 0 ? (
          <Typography color="text.secondary" sx={{ minHeight: 320 }}>
            No approvals or rejections between these dates.
          </Typography>
        ) : (
          <ChartBlock kind="bar" series={series} title="Approvals and rejections per day" tableOpen />
        )}
      </Paper>
    </Box>
  );
}
