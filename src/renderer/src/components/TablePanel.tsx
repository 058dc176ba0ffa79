import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

interface TablePanelProps<T> {
  /** The heading's id: the section is named by it. */
  id: string;
  title: string;
  /** What the panel lists, in its error and loading texts: "the holds". */
  what: string;
  /** The text shown when there is no row. */
  empty: string;
  /** The rows; undefined while they load. */
  rows: T[] | undefined;
  failed: boolean;
  /** The header row's cells. */
  head: ReactNode;
  /** One row's TableRow (with its key). */
  row(item: T): ReactNode;
  testId?: string;
  /** What follows the table: its actions and their dialogs. */
  children?: ReactNode;
}

/** A section of a page listing rows in a small table under its heading, with its loading, empty and error states. */
export function TablePanel<T>({ id, title, what, empty, rows, failed, head, row, testId, children }: TablePanelProps<T>) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" id={id}>
        {title}
      </Typography>
      {failed ? (
        <Alert severity="error">Could not load {what}</Alert>
      ) : !rows ? (
        <Skeleton variant="rounded" height={40} role="status" aria-label={`Loading ${what}`} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>{rows.map(row)}</TableBody>
        </Table>
      )}
      {children}
    </Box>
  );
}
