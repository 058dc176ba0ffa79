import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { pageWindow } from './pageWindow';

export interface PaginationProps {
  total: number;
  perPage: number;
  page: number;
  /** Controls appear only when total is above this. */
  threshold: number;
  onChange(page: number): void;
  /** Next (1) and Previous (-1), when the list pages them by cursor (useListQuery); else they change the page number. */
  onStep?(direction: 1 | -1): void;
  /** The navigation's name; unique per screen when a screen has more than one. */
  label?: string;
  /** The total is a lower bound ("10,000+"): Next stays available past it. */
  capped?: boolean;
}

export function Pagination({ total, perPage, page, threshold, onChange, onStep, label = 'Pagination', capped = false }: PaginationProps) {
  if (!(total > threshold) || perPage <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / perPage), capped ? page : 1);
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', gap: 0.5, mt: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button size="small" disabled={page <= 1} onClick={() => (onStep ? onStep(-1) : onChange(page - 1))}>
        Previous
      </Button>
      {pageWindow(page, pages).map((n) => (
        <Button
          key={n}
          size="small"
          variant={n === page ? 'contained' : 'outlined'}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => n !== page && onChange(n)}
          sx={{ minWidth: 36 }}
        >
          {n}
        </Button>
      ))}
      <Button size="small" disabled={page >= pages && !capped} onClick={() => (onStep ? onStep(1) : onChange(page + 1))}>
        Next
      </Button>
    </Box>
  );
}
export { pageWindow };
