import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PAGE_LINKS } from '../../../shared/constants';

export interface PaginationProps {
  total: number;
  perPage: number;
  page: number;
  /** Controls appear only when total is above this. */
  threshold: number;
  onChange(page: number): void;
}

/** The page links window: at most PAGE_LINKS numbers around the current page. */
export function pageWindow(page: number, pages: number, links = PAGE_LINKS): number[] {
  const count = Math.min(links, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pagination({ total, perPage, page, threshold, onChange }: PaginationProps) {
  if (!(total > threshold) || perPage <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', gap: 0.5, mt: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button size="small" disabled={page <= 1} onClick={() => onChange(page - 1)}>
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
      <Button size="small" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Box>
  );
}
export default Pagination;
