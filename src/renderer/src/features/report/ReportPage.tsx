import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONTHS } from '../../../../shared/constants';
import { isOk, useApi } from '../../app/api';
import { useSession } from '../../app/session';
import PageHeader from '../../components/PageHeader';
import ChartBlock, { type Series } from './ChartBlock';
import { addDays, isoDay, localDay, monthRange, yearList, yearRange } from './dates';

const none: Series = { labels: [], approved: [], rejected: [] };
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** Report: daily approvals/rejections over a date range, and per month over a year. */
export default function ReportPage() {
  const { call } = useApi();
  const { user, isSeller } = useSession();
  const sellerId = isSeller && user ? user.id : 0;
  const today = new Date();
  const thisYear = today.getFullYear();
  const [start, setStart] = useState(() => isoDay(today));
  const [end, setEnd] = useState(() => isoDay(addDays(today, 7)));
  const [range, setRange] = useState(() => ({ start: isoDay(today), end: isoDay(addDays(today, 7)) }));
  const [month, setMonth] = useState('');
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const [daily, setDaily] = useState<Series>(none);
  const [year, setYear] = useState(thisYear);
  const [yearly, setYearly] = useState<Series>({ labels: [...MONTHS], approved: MONTHS.map(() => 0), rejected: MONTHS.map(() => 0) });

  const dailySeq = useRef(0);
  const yearlySeq = useRef(0);

  // Only the latest request of each chart may set it (answers can arrive out of order).
  const loadDaily = useCallback(async () => {
    const mine = ++dailySeq.current;
    const r = await call('chartData', { body: { start_date: range.start, end_date: range.end, seller_id: sellerId } });
    if (mine !== dailySeq.current) return;
    if (isOk(r) && Array.isArray(r.data?.lableArray)) {
      setDaily({ labels: r.data.lableArray.map((l) => localDay(l)), approved: r.data.approvalArray, rejected: r.data.rejectionArray });
      return;
    }
    console.error('daily report failed', r.status, r.data); // spec 8: logged only
    // Never the previous range's chart under the new dates; a refused range says why at its fields.
    setDaily(none);
    const refused = r.status === 422 ? (r.data as { errors?: Record<string, string[]> }).errors : undefined;
    if (refused?.start_date || refused?.end_date) setErrors({ start: refused.start_date?.[0], end: refused.end_date?.[0] });
  }, [call, range, sellerId]);

  const loadYearly = useCallback(async () => {
    const mine = ++yearlySeq.current;
    const { start: s, end: e } = yearRange(year);
    const r = await call('chartDataYearly', { body: { start_date: s, end_date: e, seller_id: sellerId } });
    if (mine !== yearlySeq.current) return;
    if (isOk(r) && Array.isArray(r.data?.lableArray)) {
      setYearly({ labels: r.data.lableArray, approved: r.data.approvalArray, rejected: r.data.rejectionArray });
    } else console.error('yearly report failed', r.status, r.data);
  }, [call, year, sellerId]);

  useEffect(() => {
    void loadDaily();
  }, [loadDaily]);
  useEffect(() => {
    void loadYearly();
  }, [loadYearly]);

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!start) next.start = 'Start Date is required';
    if (!end) next.end = 'End Date is required';
    else if (start && end < start) next.end = 'End Date must be on or after the Start Date';
    setErrors(next);
    if (next.start || next.end) return;
    setMonth('');
    // A new object even for the same dates, so Search Report always reloads.
    setRange({ start, end });
  };

  const pickMonth = (value: string) => {
    setMonth(value);
    if (!value) return;
    const r = monthRange(thisYear, Number(value));
    setStart(r.start);
    setEnd(r.end);
    setErrors({});
    setRange(r);
  };

  return (
    <Box>
      <PageHeader title="Report" />
      <Stack spacing={3}>
        <Paper component="section" aria-labelledby="daily-title" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id="daily-title" gutterBottom>
            Daily report
          </Typography>
          <form onSubmit={search} noValidate aria-label="Report dates">
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, mb: 2 }}>
              <TextField
                type="date"
                label="Start Date"
                value={start}
                onChange={(e) => setStart(e.target.value)}
                required
                autoFocus
                error={!!errors.start}
                helperText={errors.start ?? ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                label="End Date"
                value={end}
                onChange={(e) => setEnd(e.target.value)}
                required
                error={!!errors.end}
                helperText={errors.end ?? ' '}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || undefined } }}
              />
              <Button type="submit" variant="contained" sx={{ mt: { md: 1 }, whiteSpace: 'nowrap', flexShrink: 0 }}>
                Search Report
              </Button>
              <TextField
                select
                label="Select Year"
                value={month}
                onChange={(e) => pickMonth(e.target.value)}
                sx={{ minWidth: 180 }}
                helperText={`A month of ${thisYear}`}
                slotProps={nativeSelect}
              >
                <option value="">Choose a month</option>
                {MONTHS.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {m}
                  </option>
                ))}
              </TextField>
            </Stack>
          </form>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="daily-range">
            {localDay(range.start)} – {localDay(range.end)}
          </Typography>
          <ChartBlock kind="line" series={daily} title="Approvals and rejections per day" />
        </Paper>
        <Paper component="section" aria-labelledby="yearly-title" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id="yearly-title" gutterBottom>
            Yearly report
          </Typography>
          <TextField
            select
            label="Select Year"
            value={String(year)}
            onChange={(e) => setYear(Number(e.target.value))}
            sx={{ minWidth: 160, mb: 2 }}
            slotProps={nativeSelect}
          >
            {yearList(thisYear, 10, -1).map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </TextField>
          <ChartBlock kind="line" series={yearly} title={`Approvals and rejections per month in ${year}`} labelHeading="Month" />
        </Paper>
      </Stack>
    </Box>
  );
}
