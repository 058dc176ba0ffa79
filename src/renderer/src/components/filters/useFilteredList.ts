import type { PagedOp } from '../useListQuery';
import { useListQuery } from '../useListQuery';
import { useListFilters } from './useListFilters';
import type { FilterField } from './listFilters';

/** A list whose filters, search, sort and size live in the URL and go to the list call. */
export function useFilteredList<T>(op: PagedOp, fallbackPerPage: number, errorMessage: string, fields: readonly FilterField[]) {
  const filters = useListFilters(fields);
  const list = useListQuery<T>(op, fallbackPerPage, errorMessage, filters.active);
  return { list, filters: { ...filters, fields } };
}

export type FilteredListState = ReturnType<typeof useListFilters> & { fields: readonly FilterField[] };
