import { useCallback, useMemo } from 'react';
import { filterErrors, filtersFromParams, withFilter, withoutFilters, type FilterField } from './listFilters';
import { useTrackedParams } from './useTrackedParams';

/** The list state in the URL: a reload, Back or a pasted link shows the same list. */
export function useListFilters(fields: readonly FilterField[]) {
  const { params, update } = useTrackedParams();
  const keys = useMemo(() => fields.map((f) => f.key), [fields]);
  const active = useMemo(() => filtersFromParams(params, keys), [params, keys]);
  const set = useCallback((key: string, value: string) => update((latest) => withFilter(latest, key, value)), [update]);
  const clear = useCallback(() => update((latest) => withoutFilters(latest, keys)), [update, keys]);
  /** Several filters in one step (one history entry): `change` builds the next params from the latest ones. */
  const apply = useCallback((change: (latest: URLSearchParams) => URLSearchParams) => update(change), [update]);
  const errors = useMemo(() => filterErrors(active, fields), [active, fields]);
  return { active, errors, set, clear, apply, isFiltered: Object.keys(active).length > 0 };
}
