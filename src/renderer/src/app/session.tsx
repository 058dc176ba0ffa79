import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '../../../shared/constants';
import type { LoginResponse } from '../../../shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../api/query';
import type { SessionUser } from '../api/transport';
import { useLoader } from '../components/Loader';
import { useNotify } from '../components/notify';
import { isOk, useTransport } from './api';

export interface Session {
  user: SessionUser | null;
  role: Role | null;
  isStaff: boolean;
  isSeller: boolean;
  /** Logs in; true on success (toasts are the caller's). */
  login(email: string, password: string): Promise<boolean>;
  logout(): Promise<void>;
  /** Seller only: the Due amount of the top bar (null until loaded or for staff); a query, refreshed by every payment. */
  due: number | null;
  refreshDue(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const transport = useTransport();
  const loader = useLoader();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [restoring, setRestoring] = useState(true);
  // Another account must never see this one's cached answers.
  const setUser = useCallback(
    (u: SessionUser | null) => {
      queryClient.clear();
      setUserState(u);
    },
    [queryClient],
  );

  useEffect(() => {
    let live = true;
    // The restored session renders the whole app (frame and screen) in a transition, which React renders in slices: as
    // a plain update it was one main-thread task of 60-110 ms (issue 33).
    transport
      .session()
      .then((u) => live && startTransition(() => setUser(u && u.role ? u : null)))
      .catch(() => undefined)
      .finally(() => live && startTransition(() => setRestoring(false)));
    const off = transport.onUnauthorized(() => setUser(null));
    return () => {
      live = false;
      off();
    };
  }, [transport, setUser]);

  const login = useCallback(
    async (email: string, password: string) => {
      const r = await loader.track(transport.login(email, password).catch(() => null));
      const data = r && isOk(r) ? (r.data as Partial<LoginResponse> | null) : null;
      if (data && typeof data === 'object' && data.user?.role) {
        // Desktop app without a keychain: the session lasts for this run only; say so.
        const notice = (data as { notice?: unknown }).notice;
        if (typeof notice === 'string' && notice) notify.warning(notice);
        setUser(data.user);
        return true;
      }
      return false;
    },
    [transport, loader, notify, setUser],
  );

  const logout = useCallback(async () => {
    await loader.track(transport.logout().catch(() => undefined));
    setUser(null);
  }, [transport, loader, setUser]);

  const role = user?.role ?? null;
  const dueQuery = useApiQuery('sellerDue', {}, { enabled: role === 'seller', loader: false });
  const due = role === 'seller' ? (dueQuery.data?.due ?? null) : null;
  const refreshDue = useCallback(() => queryClient.invalidateQueries({ queryKey: ['sellerDue'] }), [queryClient]);

  const value = useMemo<Session>(
    () => ({ user, role, isStaff: role === 'admin' || role === 'manager', isSeller: role === 'seller', login, logout, due, refreshDue }),
    [user, role, login, logout, due, refreshDue],
  );
  if (restoring) return null;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}
