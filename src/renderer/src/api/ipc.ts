import type { GiftCardBridge } from '../../../shared/bridge';
import type { ApiResult, ArgsOf, OperationName, PickedFile, ResponseOf } from '../../../shared/endpoints';
import { relayCommands } from './commandRelay';
import { imageUrlOf, type Transport } from './transport';

const UNREACHABLE: ApiResult<never> = { status: 0, data: { message: 'The desktop app could not handle the request' } };

function asBridge(bridge: unknown): GiftCardBridge {
  const b = bridge as Partial<GiftCardBridge> | null;
  for (const fn of [
    'login',
    'logout',
    'session',
    'call',
    'pickImages',
    'onLive',
    'onCommand',
    'exportCsv',
    'savePdf',
    'onExportProgress',
  ] as const) {
    if (!b || typeof b[fn] !== 'function') throw new Error(`The desktop bridge is missing ${fn}()`);
  }
  return b as GiftCardBridge;
}

/** Picked files travel back to main as ids (main holds the bytes); previews stay in the renderer. */
function slimFiles(files: Record<string, PickedFile[] | undefined> | undefined) {
  if (!files) return undefined;
  return Object.fromEntries(Object.entries(files).map(([k, list]) => [k, (list ?? []).map((f) => ({ id: f.id, name: f.name }))]));
}

/** Inside Electron: every call goes through the preload bridge; main holds the token and talks to the API. */
export function createIpcTransport(bridge: unknown): Transport {
  const api = asBridge(bridge);
  const listeners = new Set<() => void>();
  const onCommand = relayCommands((l) => api.onCommand(l));

  async function guarded<R>(fn: () => Promise<ApiResult<R>>): Promise<ApiResult<R>> {
    try {
      return await fn();
    } catch {
      return UNREACHABLE;
    }
  }

  return {
    kind: 'ipc',
    login: (email, password) => guarded(() => api.login(email, password)),
    async logout() {
      await api.logout().catch(() => {});
    },
    session: () => api.session().catch(() => null),
    async call<K extends OperationName>(op: K, args: ArgsOf<K>) {
      const a = args as {
        id?: number;
        query?: Record<string, unknown>;
        body?: Record<string, unknown>;
        files?: Record<string, PickedFile[]>;
      };
      const payload = { ...a, ...(a.files ? { files: slimFiles(a.files) } : {}) };
      if (!a.files) delete (payload as { files?: unknown }).files;
      const res = (await guarded(() => api.call(op, payload))) as ApiResult<ResponseOf<K>>;
      if (res.status === 401) listeners.forEach((l) => l());
      return res;
    },
    pickImages: (multiple) => api.pickImages(multiple).catch(() => []),
    async exportCsv(op, args, fileName, onProgress) {
      const stop = api.onExportProgress(onProgress);
      try {
        return await api.exportCsv(op, args, fileName);
      } catch {
        return { saved: false, status: 0, message: 'The desktop app could not save the file' };
      } finally {
        stop();
      }
    },
    savePdf: (fileName) =>
      api.savePdf(fileName).catch(() => ({ saved: false, status: 0, message: 'The desktop app could not save the file' })),
    // Photos load from the page's own origin (app://bundle); main fetches them from the API (same-origin only there).
    imageUrl: (path) => imageUrlOf('', path),
    // Main holds the stream (with the token) and forwards what it hears.
    events: (listener) =>
      api.onLive((m) => {
        if (m.kind === 'event') listener.event(m.event);
        else if (m.kind === 'status') listener.status(m.status);
        else if (m.kind === 'resync') listener.resync();
        else if (m.kind === 'signedOut') {
          listener.signedOut();
          listeners.forEach((l) => l());
        }
      }),
    onCommand,
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
