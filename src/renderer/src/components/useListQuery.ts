import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import type { ArgsOf } from '../../../shared/endpoints';
import type { Page } from '../../../shared/types';
import { useApiQuery } from '../api/query';
import { canRetry } from './retry';

export type PagedOp = 'listOffers' | 'listCards' | 'myCards' | 'listTransactions' | 'myTransactions' | 'sellerList' | 'listUsers';

export interface PagedList<T> {
  rows: T[];
  total: number;
  /** The total was counted only up to a cap (TOTAL_CAP, SEARCH_TOTAL_CAP): there are at least that many ("10,000+"). */
  capped: boolean;
  perPage: number;
  page: number;
  setPage(page: number): void;
  /** A page is being fetched (the table's aria-busy). */
  loading: boolean;
  error: string | null;
  /** The error is one a Retry could change (not "not allowed" or "not found"). */
  retryable: boolean;
  reload(): Promise<unknown>;
}

/** my-giftcard / my-transaction wrap their page once more in `{data: page}`. */
export const unwrapPage = <T>(raw: Page<T> | { data: Page<T> }): Page<T> => ('total' in raw ? raw : raw.data);

/** The `page` search parameter: a positive whole number, else 1. */
export const pageOf = (text: string | null): number => (text && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : 1);

/**
 * One page of a list operation, as a query keyed [op, {query: {page, ...extra}}]; the page lives in the URL (`?page=2`),
 * and `extra` carries more query parameters (filters). The previous page stays on screen while the next one loads.
 */
export function useListQuery<T>(
  op: PagedOp,
  fallbackPerPage: number,
  errorMessage: string,
  extra: Record<string, string> = {},
): PagedList<T> {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const args = { query: { ...extra, page: String(page) } } as ArgsOf<PagedOp>;
  const q = useApiQuery(op, args, { placeholderData: keepPreviousData, select: (raw) => unwrapPage(raw as Page<T> | { data: Page<T> }) });

  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      }),
    [setParams],
  );

  const data = q.isPlaceholderData ? undefined : q.data;
  const perPage = q.data?.per_page || fallbackPerPage;
  useEffect(() => {
    // The last row of the last page went away (or the URL named a page past the end): step back.
    if (data && data.data.length === 0 && page > 1 && data.total > 0) setPage(Math.max(1, Math.ceil(data.total / perPage)));
  }, [data, page, perPage, setPage]);

  return {
    rows: q.data?.data ?? [],
    total: q.data?.total ?? 0,
    capped: q.data?.total_capped === true,
    perPage,
    page,
    setPage,
    loading: q.isFetching,
    error: q.isError ? errorMessage : null,
    retryable: canRetry(q.error),
    reload: q.refetch,
  };
}
