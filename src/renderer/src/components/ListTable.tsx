import { useDeferredValue, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { TableStatusRow } from './DataTable';
import { PageHeader } from './PageHeader';
import { Pagination } from './Pagination';
import { ListExportButton, type ListExportOp } from './ListExportButton';
import type { PagedList } from './useListQuery';
import { FilterBar } from './filters/FilterBar';
import { CompactFilterBar } from './filters/CompactFilterBar';
import { describeFilters, nextSort } from './filters/listFilters';
import { countOf } from '../lib/format';
import { useSidewaysScroll } from './useSidewaysScroll';
import type { FilteredListState } from './filters/useFilteredList';

export interface Column {
  label: ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The list's sort key for this column (`price` sorts up, `-price` down); the header then sorts on click. */
  sortKey?: string;
  /** The direction of the first click (amounts and dates: highest / newest first). */
  sortFirst?: 'asc' | 'desc';
}

/** The list's filter bar and what the rows are called ("cards"), for the count and the empty state. */
/** `noun` is the plural ("cards"); `one` the singular when it is not the plural without its final s. */
/** `compact`: the search and a Filters button in one row, a chip per active filter, the count always shown (CompactFilterBar). */
export type ListFilterProps = FilteredListState & { label: string; noun: string; one?: string; defaultSort?: string; compact?: boolean };

export interface ListTableProps<T extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  columns: Column[];
  list: PagedList<T>;
  emptyText: ReactNode;
  /** Pagination shows only when the total is above this. */
  threshold: number;
  /** One row's cells. */
  cells(row: T): ReactNode;
  rowTestId?(row: T): string;
  size?: 'small' | 'medium';
  /** Filters, search, sort and size in the URL: the bar above, sortable headers, the count and a named empty state. */
  filters?: ListFilterProps;
  /** Shown between the filter bar and the table (e.g. the bulk actions of the selected rows). */
  toolbar?: ReactNode;
}

/**
 * At narrow widths the table scrolls inside its frame while the Action column stays in view; while columns are out of
 * view a shadow on the Action column's edge shows that the rows go on under it.
 */
const stickyAction = (hidden: boolean) =>
  ({
    '& tr > td:last-of-type, & tr > th:last-of-type': {
      position: 'sticky',
      right: 0,
      bgcolor: 'background.paper',
      backgroundImage: 'var(--Paper-overlay)',
      zIndex: 1,
      boxShadow: hidden ? '-6px 0 6px -4px rgba(0,0,0,0.35)' : 'none',
    },
  }) as const;

/** The frame of every list screen: a table with its loading / error / empty row, the rows, and the pagination below. */
export function ListTable<T extends { id: number }>({
  label,
  columns,
  list,
  emptyText,
  threshold,
  cells,
  rowTestId,
  size,
  filters,
  toolbar,
}: ListTableProps<T>) {
  // A page of rows renders in a deferred render, which React slices and may interrupt: rendered with the answer, the
  // rows were one main-thread task of 50-100 ms (issue 33). Until they are in, the table is still loading.
  const rows = useDeferredValue(list.rows);
  const loading = list.loading || rows !== list.rows;
  const scroll = useSidewaysScroll();
  const sticky = columns.at(-1)?.label === 'Action';
  const hiding = filters ? describeFilters(filters.active, filters.fields) : '';
  const defaultSort = filters?.defaultSort ?? '-created_at';
  const sort = filters?.active.sort ?? defaultSort;
  const sortBy = (next: string) => filters?.set('sort', next === defaultSort ? '' : next);
  const header = (c: Column) =>
    filters && c.sortKey ? (
      <TableSortLabel
        active={sort === c.sortKey || sort === `-${c.sortKey}`}
        direction={sort === `-${c.sortKey}` ? 'desc' : sort === c.sortKey ? 'asc' : (c.sortFirst ?? 'asc')}
        onClick={() => sortBy(nextSort(sort, c.sortKey!, c.sortFirst))}
      >
        {c.label}
      </TableSortLabel>
    ) : (
      c.label
    );
  // "12 cards" (nothing while the first page loads).
  const count =
    !filters || (list.loading && list.rows.length === 0)
      ? ''
      : list.capped
        ? `${list.total.toLocaleString()}+ ${filters.noun}`
        : countOf(list.total, filters.one ?? filters.noun.replace(/s$/, ''), filters.noun);
  const barProps = (f: NonNullable<typeof filters>) => ({
    label: f.label,
    fields: f.fields,
    active: f.active,
    errors: f.errors,
    onChange: f.set,
    onClear: f.clear,
  });
  const ariaSort = (c: Column) =>
    filters && c.sortKey ? (sort === c.sortKey ? 'ascending' : sort === `-${c.sortKey}` ? 'descending' : undefined) : undefined;
  return (
    <>
      {filters &&
        (filters.compact ? (
          <CompactFilterBar {...barProps(filters)} count={list.error ? '' : count} />
        ) : (
          <FilterBar {...barProps(filters)} />
        ))}
      {filters && !filters.compact && hiding && !list.error && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1, minHeight: 20 }}>
          {count}
        </Typography>
      )}
      {toolbar}
      {scroll.overflowing && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <SwapHorizIcon fontSize="small" aria-hidden />
          The table is wider than the window: scroll it sideways to see every column
        </Typography>
      )}
      <TableContainer component={Paper} ref={scroll.ref} onScroll={scroll.onScroll}>
        <Table size={size} aria-label={label} aria-busy={loading} sx={sticky ? stickyAction(scroll.hidden) : undefined}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              {columns.map((c, i) => (
                <TableCell key={i} align={c.align} aria-sort={ariaSort(c)}>
                  {header(c)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading && rows.length ? 0.6 : 1 }}>
            <TableStatusRow
              colSpan={columns.length}
              loading={loading}
              error={list.error}
              empty={rows.length === 0}
              emptyText={hiding && filters ? `No ${filters.noun} match: ${hiding}` : emptyText}
              onRetry={list.retryable ? () => void list.reload() : undefined}
            />
            {!list.error &&
              rows.map((row) => (
                <TableRow key={row.id} hover data-testid={rowTestId?.(row)}>
                  {cells(row)}
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination
        total={list.total}
        perPage={list.perPage}
        page={list.page}
        threshold={threshold}
        onChange={list.setPage}
        onStep={list.step}
        capped={list.capped}
      />
    </>
  );
}

/** A list screen: the title with its Add link (or other actions), then the list table. */
export function ListPage<T extends { id: number }>({
  title,
  add,
  actions,
  exportAs,
  ...table
}: ListTableProps<T> & {
  title: string;
  add?: { label: string; to: string };
  actions?: ReactNode;
  /** The list's CSV export and the file name's start. */
  exportAs?: { op: ListExportOp; fileBase: string };
}) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            {exportAs && <ListExportButton {...exportAs} />}
            {actions ??
              (add && (
                <Button variant="contained" component={RouterLink} to={add.to}>
                  {add.label}
                </Button>
              ))}
          </>
        }
      />
      <ListTable {...table} />
    </>
  );
}
