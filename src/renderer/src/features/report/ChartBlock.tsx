import { useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Bar, Line } from 'react-chartjs-2';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js';

import { xTicks } from './chartTicks';

ChartJS.register(CategoryScale, LinearScale, BarElement, PointElement, LineElement, Filler, Legend, Tooltip);

/** Approved blue and rejected red (spec), lighter on the dark theme; axis text and grid follow the theme. */
const SERIES_COLORS = {
  light: { approved: [25, 118, 210], rejected: [211, 47, 47] },
  dark: { approved: [100, 181, 246], rejected: [239, 154, 154] },
} as const;
const rgb = (c: readonly number[], alpha = 1) => `rgba(${c.join(', ')}, ${alpha})`;

export interface Series {
  labels: string[];
  approved: number[];
  rejected: number[];
}

interface Props {
  kind: 'line' | 'bar';
  series: Series;
  /** What the chart shows, for screen readers and the data table's caption. */
  title: string;
  /** The label column heading of the data table. */
  labelHeading?: string;
  /** Shows the data table open (dashboard); otherwise it is folded under "Show the numbers". */
  tableOpen?: boolean;
  height?: number;
}

const options = (kind: 'line' | 'bar', text: string, grid: string, count: number): ChartOptions<'line'> & ChartOptions<'bar'> => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  color: text,
  plugins: { legend: { position: 'bottom', labels: { color: text } } },
  scales: {
    x: { grid: { display: false }, ticks: { color: text, ...xTicks(count) } },
    y: { beginAtZero: true, ticks: { precision: 0, color: text }, grid: { color: grid } },
  },
  ...(kind === 'line' ? { elements: { line: { tension: 0.5 } } } : {}),
});

/** A chart of approved (blue) and rejected (red) counts, with the same numbers as a table. */
export default function ChartBlock({ kind, series, title, labelHeading = 'Day', tableOpen = false, height = 320 }: Props) {
  const tableId = useId();
  const theme = useTheme();
  const colors = SERIES_COLORS[theme.palette.mode];
  const data = {
    labels: series.labels,
    datasets: [
      {
        label: 'Approved',
        data: series.approved,
        borderColor: rgb(colors.approved),
        backgroundColor: rgb(colors.approved, kind === 'bar' ? 1 : 0.2),
        tension: 0.5,
      },
      {
        label: 'Rejected',
        data: series.rejected,
        borderColor: rgb(colors.rejected),
        backgroundColor: rgb(colors.rejected, kind === 'bar' ? 1 : 0.2),
        tension: 0.5,
      },
    ],
  };
  const summary = `${title}: ${series.approved.reduce((a, b) => a + b, 0)} approved, ${series.rejected.reduce((a, b) => a + b, 0)} rejected.`;
  const table = (
    <Table size="small" aria-label={title} id={tableId}>
      <TableHead>
        <TableRow>
          <TableCell>{labelHeading}</TableCell>
          <TableCell align="right">Approval</TableCell>
          <TableCell align="right">Rejected</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {series.labels.map((l, i) => (
          <TableRow key={l}>
            <TableCell>{l}</TableCell>
            <TableCell align="right">{series.approved[i] ?? 0}</TableCell>
            <TableCell align="right">{series.rejected[i] ?? 0}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return (
    <Box>
      <Box sx={{ position: 'relative', height }}>
        {kind === 'line' ? (
          <Line
            data={data}
            options={options('line', theme.palette.text.secondary, theme.palette.divider, series.labels.length)}
            role="img"
            aria-label={summary}
            fallbackContent={<p>{summary}</p>}
          />
        ) : (
          <Bar
            data={data}
            options={options('bar', theme.palette.text.secondary, theme.palette.divider, series.labels.length)}
            role="img"
            aria-label={summary}
            fallbackContent={<p>{summary}</p>}
          />
        )}
      </Box>
      {tableOpen ? (
        <Box sx={{ mt: 2 }}>{table}</Box>
      ) : (
        <Accordion disableGutters elevation={0} sx={{ mt: 1, '&:before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography variant="body2">Show the numbers</Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ maxHeight: 320, overflow: 'auto' }}>{table}</AccordionDetails>
        </Accordion>
      )}
    </Box>
  );
}
