import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DashboardChart } from '../../../../shared/types';
import { isOk, useApi } from '../../app/api';
import PageHeader from '../../components/PageHeader';
import ChartBlock, { type Series } from '../report/ChartBlock';
import { localDay } from '../report/dates';

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
  const { call } = useApi();
  const [start, setStart] = useState(DEV_TEST_START);
  const [end, setEnd] = useState(DEV_TEST_END);
  const [series, setSeries] = useState<Series | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!start || !end) {
      setError('Both dates are required');
      return;
    }
    setError(null);
    const r = await call('dashboardChart', { query: { start_date: start, end_date: end } });
    if (isOk(r) && r.data && Array.isArray(r.data.approved)) setSeries(toSeries(r.data));
    else {
      console.error('dev-test chart failed', r.status, r.data);
      setError('The chart data could not be loaded');
    }
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
