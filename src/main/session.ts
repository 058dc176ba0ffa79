import type { AxiosInstance } from 'axios';
import { SESSION_NOT_SAVED_NOTICE, type BridgeLoginResponse } from '../shared/bridge';
import type { ApiResult } from '../shared/endpoints';
import { loginBody } from '../shared/schemas';
import type { LoginResponse } from '../shared/types';
import { send } from './api-client';
import type { TokenVault } from './keychain';
import { invalidArgs } from './validate-args';

export type SessionUser = LoginResponse['user'];

/** The get/set/delete part of electron-store (a `conf` instance in tests). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The non-secret state kept on disk: who is logged in, against which API. Never the token. */
export interface SessionState {
  loggedIn: true;
  user: SessionUser;
  apiUrl: string;
}
export const STATE_KEY = 'session';

export interface SessionManager {
  /** At start: persisted state plus a token in the keychain -> logged in. */
  restore(): SessionUser | null;
  login(email: unknown, password: unknown): Promise<ApiResult<BridgeLoginResponse>>;
  /** Revokes the token on the server (best effort), then forgets it everywhere. */
  logout(): Promise<void>;
  /** Forgets the session locally (the server already refused the token). */
  clear(): void;
  user(): SessionUser | null;
  token(): string | null;
  /** 'keychain' when the token survives a restart, 'memory' when it lives for this run only. */
  storage(): 'keychain' | 'memory' | null;
}

function isUser(v: unknown): v is SessionUser {
  const u = v as SessionUser;
  return (
    !!u &&
    typeof u === 'object' &&
    Number.isInteger(u.id) &&
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    typeof u.role === 'string'
  );
}

export function createSessionManager(deps: {
  store: KeyValueStore;
  vault: TokenVault;
  client: AxiosInstance;
  apiUrl: string;
  log?: (msg: string) => void;
}): SessionManager {
  const { store, vault, client, apiUrl } = deps;
  const log = deps.log ?? (() => {});
  let token: string | null = null;
  let user: SessionUser | null = null;
  let where: 'keychain' | 'memory' | null = null;

  const forgetLocally = () => {
    token = null;
    user = null;
    where = null;
    try {
      store.delete(STATE_KEY);
    } catch (e) {
      log(`could not clear the session state: ${(e as Error).message}`);
    }
    try {
      vault.delete();
    } catch {
      /* no keychain: nothing was stored there */
    }
  };

  return {
    restore() {
      const state = store.get(STATE_KEY) as Partial<SessionState> | undefined;
      if (!state || state.loggedIn !== true || !isUser(state.user) || state.apiUrl !== apiUrl) {
        if (state) forgetLocally();
        return null;
      }
      let saved: string | null = null;
      try {
        saved = vault.get();
      } catch (e) {
        log(`keychain unavailable, the saved session cannot be restored: ${(e as Error).message}`);
      }
      if (!saved) {
        forgetLocally();
        return null;
      }
      token = saved;
      user = { id: state.user.id, name: state.user.name, email: state.user.email, role: state.user.role };
      where = 'keychain';
      return user;
    },

    async login(email, password) {
      const body = { email, password };
      const checked = loginBody.safeParse(body);
      if (!checked.success) return invalidArgs(checked.error);
      if (token) await this.logout();
      const res = await send<LoginResponse>(client, { method: 'POST', path: 'login', data: body });
      const data = res.data as LoginResponse;
      if (res.status < 200 || res.status >= 300 || typeof data?.token !== 'string' || !data.token || !isUser(data.user)) return res;
      token = data.token;
      user = { id: data.user.id, name: data.user.name, email: data.user.email, role: data.user.role };
      try {
        vault.set(token);
        where = 'keychain';
        store.set(STATE_KEY, { loggedIn: true, user, apiUrl } satisfies SessionState);
        return { status: res.status, data: { ...data, token: '', user } };
      } catch (e) {
        // No keychain: keep the token in memory for this run only, write nothing to disk, and say so.
        log(`keychain unavailable, the session is kept for this run only: ${(e as Error).message}`);
        where = 'memory';
        try {
          store.delete(STATE_KEY);
        } catch {
          /* nothing saved */
        }
        return { status: res.status, data: { ...data, token: '', user, notice: SESSION_NOT_SAVED_NOTICE } };
      }
    },

    async logout() {
      const t = token;
      if (t) await send(client, { method: 'POST', path: 'logout', token: t });
      forgetLocally();
    },

    clear: forgetLocally,
    user: () => user,
    token: () => token,
    storage: () => where,
  };
}
