import { useApiQuery } from '../api/query';

/** How long the server's settings are kept: they change only when the server restarts with another configuration. */
const SETTINGS_STALE_MS = 10 * 60_000;

/**
 * The server's settings the screens follow, for staff (`isStaff`; a seller is never asked): whether FOUR_EYES is on.
 * `fourEyes` is undefined until known, so nothing that depends on it shows before the answer.
 */
export function useSettings(isStaff: boolean): { fourEyes: boolean | undefined } {
  const q = useApiQuery('settings', {}, { enabled: isStaff, loader: false, staleTime: SETTINGS_STALE_MS });
  return { fourEyes: q.data?.four_eyes };
}
