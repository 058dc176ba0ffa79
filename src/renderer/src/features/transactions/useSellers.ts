import { useCallback, useEffect, useState } from 'react';
import type { SellerRow } from '../../../../shared/types';
import { isOk, useApi } from '../../app/api';

const MAX_PAGES = 100;

/** Every seller, for the seller select (seller-lists is paged: read the first page, then the rest together). */
export function useSellers() {
  const { call } = useApi();
  const [sellers, setSellers] = useState<SellerRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    const first = await call('sellerList', { query: { page: '1' } });
    if (!isOk(first)) {
      setError('Could not load the sellers');
      setLoading(false);
      return;
    }
    const pages = Math.min(MAX_PAGES, Math.ceil(first.data.total / (first.data.per_page || 10)));
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) => call('sellerList', { query: { page: String(i + 2) } })),
    );
    const all = [...first.data.data, ...rest.flatMap((r) => (isOk(r) ? r.data.data : []))];
    setSellers(all.sort((a, b) => a.name.localeCompare(b.name)));
    setLoading(false);
  }, [call]);

  useEffect(() => {
    void load();
  }, [load]);

  return { sellers, loading, error, reload: load };
}
