import type { RejectReason } from '../../../shared/constants';
import { useApiQuery } from '../api/query';

/** Admins change the texts rarely: a list screen reads them once for all its rows. */
const REMEDIES_STALE_MS = 5 * 60_000;

/**
 * The admins' remedy texts, read when `enabled`. A screen that may show them calls it on its own first render, so
 * they load beside its list instead of after its rows (issue 55: the seller's list painted its largest text, a
 * rejected card's "What to do", 0.5 s late, and its row grew then).
 */
export function useRemedies(enabled: boolean) {
  return useApiQuery('listRejectRemedies', {}, { enabled, loader: false, staleTime: REMEDIES_STALE_MS });
}

/** What the seller should do about a rejection reason, as admins wrote it (read only when `reason` is given). */
export function useRemedy(reason: RejectReason | null | undefined): string | null {
  const q = useRemedies(Boolean(reason));
  return (reason && q.data?.data.find((r) => r.reason === reason)?.remedy) || null;
}
