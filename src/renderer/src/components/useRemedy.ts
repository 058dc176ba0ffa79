import type { RejectReason } from '../../../shared/constants';
import { useApiQuery } from '../api/query';

/** Admins change the texts rarely: a list screen reads them once for all its rows. */
const REMEDIES_STALE_MS = 5 * 60_000;

/** What the seller should do about a rejection reason, as admins wrote it (read only when `reason` is given). */
export function useRemedy(reason: RejectReason | null | undefined): string | null {
  const q = useApiQuery('listRejectRemedies', {}, { enabled: Boolean(reason), loader: false, staleTime: REMEDIES_STALE_MS });
  return (reason && q.data?.data.find((r) => r.reason === reason)?.remedy) || null;
}
