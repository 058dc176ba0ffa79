import { useEffect, useId, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
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
import type { ChartCanvasProps } from './ChartCanvas';

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

/**
 * The chart a task after its block: Chart.js (about 190 kB) loads with the first chart and is evaluated in a task of its
 * own, and each chart's first drawing is a task of its own too, not part of the screen's commit (two charts and the
 * screen together were one main-thread task of 300+ ms, issue 33). Until then the frame keeps the chart's height.
 */
function DeferredChart(props: ChartCanvasProps) {
  const [Canvas, setCanvas] = useState<ComponentType<ChartCanvasProps> | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    import('./ChartCanvas')
      .then((m) => {
        // flushSync: this chart alone is rendered, drawn and committed in this timer's task.
        timer = setTimeout(() => live && flushSync(() => setCanvas(() => m.default)));
      })
      .catch(() => undefined); // a stale chunk reloads the page (chunkReload); the numbers stay readable meanwhile
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return Canvas ? <Canvas {...props} /> : null;
}

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
        <DeferredChart
          kind={kind}
          data={data}
          text={theme.palette.text.secondary}
          grid={theme.palette.divider}
          count={series.labels.length}
          summary={summary}
        />
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
