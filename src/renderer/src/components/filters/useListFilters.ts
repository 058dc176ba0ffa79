import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
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
  // other's result, so neither is lost. Only committed renders are observed: a transition render can be thrown away.
  const [tracker] = useState<UrlTracker>(() => newUrlTracker(params));
  useLayoutEffect(() => observeUrl(tracker, params), [tracker, params]);
  const keys = useMemo(() => fields.map((f) => f.key), [fields]);
  const active = useMemo(() => filtersFromParams(params, keys), [params, keys]);
  const apply = useCallback(
    (next: URLSearchParams) => {
      issueUrl(tracker, next);
      setParams(next);
    },
    [setParams, tracker],
  );
  const set = useCallback((key: string, value: string) => apply(withFilter(tracker.latest, key, value)), [apply, tracker]);
  const clear = useCallback(() => apply(withoutFilters(tracker.latest, keys)), [apply, keys, tracker]);
  return { active, set, clear, isFiltered: Object.keys(active).length > 0 };
}
