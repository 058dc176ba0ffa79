import type { LiveMessage } from '../shared/bridge';
import type { LiveEvent } from '../shared/events';
import { startEventStream, type EventStreamOptions } from '../shared/event-stream';
import type { SessionManager } from './session';

/**
 * The desktop app's one event stream: main holds it (with the token, which never reaches the renderer), forwards
 * every message to the renderer (`send`) and to the desktop's own uses (notifications, badge). `sync()` starts it
 * for the signed-in session, restarts it for another one and stops it when signed out.
 */
export function createLiveBridge(deps: {
  apiUrl: string;
  session: Pick<SessionManager, 'token' | 'clear'>;
  fetch: typeof fetch;
  send(message: LiveMessage): void;
  onEvent?(e: LiveEvent): void;
  /** Connected again after an outage or missed events: counts may have changed. */
  onResync?(): void;
  /** The server ended the session (logout elsewhere, a revoked token). */
  onSignedOut?(): void;
  start?: (opts: EventStreamOptions) => () => void;
}) {
  const start = deps.start ?? startEventStream;
  let stop: (() => void) | null = null;
  let current: string | null = null;
  const halt = () => {
    stop?.();
    stop = null;
    current = null;
  };
  const sync = () => {
    const token = deps.session.token();
    if (token === current) return;
    halt();
    if (!token) return;
    current = token;
    stop = start({
      url: new URL('events', deps.apiUrl).toString(),
      token: () => deps.session.token(),
      fetch: deps.fetch,
      listener: {
        event: (event) => {
          deps.send({ kind: 'event', event });
          deps.onEvent?.(event);
        },
        status: (status) => deps.send({ kind: 'status', status }),
        resync: () => {
          deps.send({ kind: 'resync' });
          deps.onResync?.();
        },
        signedOut: () => {
          stop = null;
          current = null;
          deps.session.clear();
          deps.send({ kind: 'signedOut' });
          deps.onSignedOut?.();
        },
      },
    });
  };
  return { sync, stop: halt };
}

/** The session manager with the stream following it: started after a login, stopped after a logout. */
export function withLiveSync<S extends Pick<SessionManager, 'login' | 'logout'>>(session: S, sync: () => void): S {
  return {
    ...session,
    login: async (email: unknown, password: unknown) => {
      try {
        return await session.login(email, password);
      } finally {
        sync();
      }
    },
    logout: async () => {
      try {
        await session.logout();
      } finally {
        sync();
      }
    },
  };
}
