import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import type { ArgsOf } from '../../../shared/endpoints';
import type { Page } from '../../../shared/types';
import { useApiQuery } from '../api/query';
import { canRetry } from './retry';

export type PagedOp =
  | 'listOffers'
  | 'listCards'
  | 'myCards'
  | 'listTransactions'
  | 'myTransactions'
  | 'sellerList'
  | 'listUsers'
  | 'listAuditLog'
  | 'listAppeals';

export interface PagedList<T> {
  rows: T[];
  total: number;
  /** The total was counted only up to a cap (TOTAL_CAP, SEARCH_TOTAL_CAP): there are at least that many ("10,000+"). */
  capped: boolean;
  perPage: number;
  page: number;
  /** A numbered page (by OFFSET): page 1, the links of the first pages. */
  setPage(page: number): void;
  /** Next (1) or Previous (-1): by the cursor the server answered (keyset), so any depth costs what page 1 does. */
  step(direction: 1 | -1): void;
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

/** The same empty array every render, so that a list without rows keeps its identity (ListTable defers on it). */
const NO_ROWS: never[] = [];

/**
 * One page of a list operation, as a query keyed [op, {query: {page, cursor, ...extra}}]; the page lives in the URL
 * (`?page=2`, and after Next or Previous the cursor of that page: `?page=3&cursor=...`, the page number then only a
 * label), and `extra` carries more query parameters (filters). The previous page stays on screen while the next one
 * loads. A cursor is used only past page 1, so a filter or sort change (which drops `page`) never reuses it.
 */
export function useListQuery<T>(
  op: PagedOp,
  fallbackPerPage: number,
  errorMessage: string,
  extra: Record<string, string> = {},
): PagedList<T> {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const cursor = page > 1 ? params.get('cursor') : null;
  const args = { query: { ...extra, page: String(page), cursor: cursor ?? 'page' } } as ArgsOf<PagedOp>;
  const q = useApiQuery(op, args, { placeholderData: keepPreviousData, select: (raw) => unwrapPage(raw as Page<T> | { data: Page<T> }) });

  const goTo = useCallback(
    (p: number, at?: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        if (at && p > 1) next.set('cursor', at);
        else next.delete('cursor');
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback((p: number) => goTo(p), [goTo]);

  const data = q.isPlaceholderData ? undefined : q.data;
  const perPage = q.data?.per_page || fallbackPerPage;
  useEffect(() => {
    // The last row of the last page went away (or the URL named a page past the end): step back.
    if (data && data.data.length === 0 && page > 1 && data.total > 0) setPage(Math.max(1, Math.ceil(data.total / perPage)));
  }, [data, page, perPage, setPage]);

  // The cursors of the page on screen (not of one still loading): without them the step is by page number.
  const step = (direction: 1 | -1) => goTo(page + direction, direction === 1 ? data?.next_cursor : data?.prev_cursor);

  return {
    rows: q.data?.data ?? (NO_ROWS as T[]),
    total: q.data?.total ?? 0,
    capped: q.data?.total_capped === true,
    perPage,
    page,
    setPage,
    step,
    loading: q.isFetching,
    error: q.isError ? errorMessage : null,
    retryable: canRetry(q.error),
    reload: q.refetch,
  };
}
