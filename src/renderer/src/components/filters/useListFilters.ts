import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filtersFromParams,
  issueUrl,
  newUrlTracker,
  observeUrl,
  withFilter,
  withoutFilters,
  type FilterField,
  type UrlTracker,
} from './listFilters';

/** The list state in the URL: a reload, Back or a pasted link shows the same list. */
export function useListFilters(fields: readonly FilterField[]) {
  const [params, setParams] = useSearchParams();
  // Two changes in a row (a select, then the search box before the first navigation landed) each start from the
  // other's result, so neither is lost; see observeUrl.
  const tracker = useRef<UrlTracker | null>(null);
  if (tracker.current === null) tracker.current = newUrlTracker(params);
  observeUrl(tracker.current, params);
  const keys = useMemo(() => fields.map((f) => f.key), [fields]);
  const active = useMemo(() => filtersFromParams(params, keys), [params, keys]);
  const apply = useCallback(
    (next: URLSearchParams) => {
      if (tracker.current) issueUrl(tracker.current, next);
      setParams(next);
    },
    [setParams],
  );
  const set = useCallback(
    (key: string, value: string) => apply(withFilter(tracker.current?.latest ?? params, key, value)),
    [apply, params],
  );
  const clear = useCallback(() => apply(withoutFilters(tracker.current?.latest ?? params, keys)), [apply, keys, params]);
  return { active, set, clear, isFiltered: Object.keys(active).length > 0 };
}
