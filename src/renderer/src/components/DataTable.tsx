import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface TableStatusProps {
  colSpan: number;
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText?: ReactNode;
  onRetry?(): void;
}

/** An error (announced) with a Retry button when the caller can retry. */
function ErrorWithRetry({ error, onRetry, block }: { error: string; onRetry?(): void; block?: boolean }) {
  return (
    <Typography component={block ? 'p' : 'span'} color="error" role="alert" sx={block ? { my: 2 } : undefined}>
      {error}{' '}
      {onRetry && (
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Typography>
  );
}

/** One full-width row for the loading, error and empty states of a table body; null when rows should show. */
export function TableStatusRow({ colSpan, loading, error, empty, emptyText = 'Nothing here yet', onRetry }: TableStatusProps) {
  let content: ReactNode = null;
  if (loading && empty) {
    content = (
      <>
        <CircularProgress size={20} sx={{ mr: 1, verticalAlign: 'middle' }} aria-hidden /> Loading…
      </>
    );
  } else if (error) {
    content = <ErrorWithRetry error={error} onRetry={onRetry} />;
  } else if (empty) {
    content = (
      <Typography component="span" color="text.secondary">
        {emptyText}
      </Typography>
    );
  }
  if (content === null) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 4 }}>
        {content}
      </TableCell>
    </TableRow>
  );
}

/** "Loading…", an error with Retry, or nothing: for screens that are not tables. */
export function LoadState({ loading, error, onRetry }: { loading: boolean; error: string | null; onRetry?(): void }) {
  if (error) return <ErrorWithRetry error={error} onRetry={onRetry} block />;
  if (loading) return <Typography sx={{ my: 2 }}>Loading…</Typography>;
  return null;
}
