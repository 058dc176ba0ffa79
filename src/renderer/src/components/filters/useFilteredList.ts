import { useMemo } from 'react';
import type { PagedOp } from '../useListQuery';
import { useListQuery } from '../useListQuery';
import { useListFilters } from './useListFilters';
import { withoutRefused, type FilterField } from './listFilters';

const NO_DEFAULTS: Record<string, string> = {};

/**
 * A list whose filters, search, sort and size live in the URL and go to the list call; `defaults` are sent for the
 * parameters the URL does not hold (the card list's page size that fills the window, the Pending tab's order).
 */
export function useFilteredList<T>(
  op: PagedOp,
  fallbackPerPage: number,
  errorMessage: string,
  fields: readonly FilterField[],
  defaults: Record<string, string> = NO_DEFAULTS,
) {
  const filters = useListFilters(fields);
  // A pair the server would refuse (From after To) shows its field error; the list goes without the refused value.
  const asked = useMemo(() => withoutRefused(filters.active, filters.errors), [filters.active, filters.errors]);
  const list = useListQuery<T>(op, fallbackPerPage, errorMessage, { ...defaults, ...asked });
  return { list, filters: { ...filters, fields } };
}

export type FilteredListState = ReturnType<typeof useListFilters> & { fields: readonly FilterField[] };
