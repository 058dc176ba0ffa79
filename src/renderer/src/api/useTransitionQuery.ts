import { startTransition, useEffect, useReducer, useState } from 'react';
import {
  notifyManager,
  QueryObserver,
  useQueryClient,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

/**
 * TanStack's `useQuery` (same observer, same options and result), except that a change of the answer re-renders the
 * component in a transition. `useQuery` subscribes with `useSyncExternalStore`, whose updates React always renders at
 * once, in one task: a list page's rows arriving was a main-thread task of 100+ ms (issue 33). A transition renders in
 * slices of a few milliseconds and keeps the screen responsive meanwhile. Neither suspense nor throwOnError (unused here).
 */
export function useTransitionQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const result = observer.getOptimisticResult(defaulted);
  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);
  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(rerender)));
    // An answer that came between the render and this subscription is noticed here (the listener runs).
    observer.updateResult();
    return unsubscribe;
  }, [observer]);
  return observer.trackResult(result);
}
