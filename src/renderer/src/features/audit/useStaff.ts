import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/types';
import { apiKey, callOrThrow } from '../../api/query';
import { useTransport } from '../../api/TransportContext';

/**
 * The admins and managers, by name, for the audit log's Who select (the first 100 of each: a back-office's staff).
 * Cached under ['listUsers', 'staff'], so anything that invalidates the user list refreshes it too.
 */
export function useStaff() {
  const transport = useTransport();
  const q = useQuery({
    queryKey: [...apiKey('listUsers'), 'staff'],
    queryFn: async (): Promise<User[]> => {
      const pages = await Promise.all(
        (['admin', 'manager'] as const).map((role) => callOrThrow(transport, 'listUsers', { query: { page: '1', per_page: '100', role } })),
      );
      return pages.flatMap((p) => p.data).sort((a, b) => a.name.localeCompare(b.name));
    },
  });
  return q.data ?? [];
}
