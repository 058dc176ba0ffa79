import { useQuery } from '@tanstack/react-query';
import type { SellerRow } from '../../../../shared/types';
import { apiKey, callOrThrow } from '../../api/query';
import { useTransport } from '../../api/TransportContext';

const MAX_PAGES = 100;

/**
 * Every seller, for the seller select (seller-lists is paged: read the first page, then the rest together).
 * Cached under ['sellerList', 'all'], so anything that invalidates 'sellerList' refreshes it too.
 */
export function useSellers(opts: { enabled?: boolean } = {}) {
  const transport = useTransport();
  const q = useQuery({
    queryKey: [...apiKey('sellerList'), 'all'],
    queryFn: async (): Promise<SellerRow[]> => {
      const first = await callOrThrow(transport, 'sellerList', { query: { page: '1' } });
      const pages = Math.min(MAX_PAGES, Math.ceil(first.total / (first.per_page || 10)));
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, i) => callOrThrow(transport, 'sellerList', { query: { page: String(i + 2) } })),
      );
      return [...first.data, ...rest.flatMap((p) => p.data)].sort((a, b) => a.name.localeCompare(b.name));
    },
    meta: { loader: true },
    enabled: opts.enabled ?? true,
  });
  return { sellers: q.data ?? [], loading: q.isPending, error: q.isError ? 'Could not load the sellers' : null, reload: q.refetch };
}
