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
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { xTicks } from './chartTicks';

ChartJS.register(CategoryScale, LinearScale, BarElement, PointElement, LineElement, Filler, Legend, Tooltip);

export interface ChartCanvasProps {
  kind: 'line' | 'bar';
  data: ChartData<'line', number[]> & ChartData<'bar', number[]>;
  /** Axis text and grid colours (the theme's). */
  text: string;
  grid: string;
  /** How many labels (the x axis thins its ticks). */
  count: number;
  /** What the chart shows, for screen readers. */
  summary: string;
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

/** The canvas of ChartBlock, in a module of its own: Chart.js loads with the first chart. */
export default function ChartCanvas({ kind, data, text, grid, count, summary }: ChartCanvasProps) {
  return kind === 'line' ? (
    <Line data={data} options={options('line', text, grid, count)} role="img" aria-label={summary} fallbackContent={<p>{summary}</p>} />
  ) : (
    <Bar data={data} options={options('bar', text, grid, count)} role="img" aria-label={summary} fallbackContent={<p>{summary}</p>} />
  );
}
