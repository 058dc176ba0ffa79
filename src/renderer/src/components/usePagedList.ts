import { useCallback, useEffect, useState } from 'react';
import type { OperationName } from '../../../shared/endpoints';
import type { Page } from '../../../shared/types';
import { isOk, useApi } from '../app/api';

type PagedOp = 'listOffers' | 'listCards' | 'myCards' | 'listTransactions' | 'myTransactions' | 'sellerList' | 'listUsers';

export interface PagedList<T> {
  rows: T[];
  total: number;
  perPage: number;
  page: number;
  setPage(page: number): void;
  loading: boolean;
  error: string | null;
  reload(): Promise<void>;
}

/** Loads one page of a list operation; unwraps the extra `{data: page}` of my-giftcard/my-transaction. */
export function usePagedList<T>(
  op: PagedOp & OperationName,
  fallbackPerPage: number,
  errorMessage = 'Could not load the list',
): PagedList<T> {
  const { call } = useApi();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ rows: T[]; total: number; perPage: number }>({ rows: [], total: 0, perPage: fallbackPerPage });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    const r = await call(op, { query: { page: String(page) } } as never);
    if (isOk(r)) {
      const raw = r.data as unknown as Page<T> | { data: Page<T> };
      const p: Page<T> = 'total' in raw ? raw : raw.data;
      if (p.data.length === 0 && page > 1 && p.total > 0) {
        // The last row of the last page went away: step back.
        setPage(Math.max(1, Math.ceil(p.total / (p.per_page || fallbackPerPage))));
      }
      setState({ rows: p.data, total: p.total, perPage: p.per_page || fallbackPerPage });
    } else {
      setError(errorMessage);
    }
    setLoading(false);
  }, [call, op, page, fallbackPerPage, errorMessage]);

  useEffect(() => {
    void load();
  }, [load]);

  // Loading starts in the same render as the page change, so aria-busy never shows a stale "done".
  const goTo = useCallback((p: number) => {
    setLoading(true);
    setPage(p);
  }, []);

  return { ...state, page, setPage: goTo, loading, error, reload: load };
}
