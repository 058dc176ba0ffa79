import { useCallback, useLayoutEffect, useState } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';
import { issueUrl, newUrlTracker, observeUrl, type UrlTracker } from './listFilters';

/**
 * The URL's search params, and `update` that builds the next ones from the latest asked for (not this render's): two
 * changes in a row (From, then To, before the first navigation landed) each start from the other's result, so neither
 * is lost. Only committed renders are observed: a transition render can be thrown away.
 */
export function useTrackedParams() {
  const [params, setParams] = useSearchParams();
  const [tracker] = useState<UrlTracker>(() => newUrlTracker(params));
  useLayoutEffect(() => observeUrl(tracker, params), [tracker, params]);
  const update = useCallback(
    (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(tracker.latest);
      issueUrl(tracker, next);
      setParams(next, options);
    },
    [setParams, tracker],
  );
  return { params, update };
}
