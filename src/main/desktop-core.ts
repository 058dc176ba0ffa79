// Main's working parts (session, API calls, files, live events, notifications, badge, IPC handlers), built from its
// modules over Electron's objects passed in: index.ts passes Electron's, the desktop e2e project stand-ins.
import { IPC } from '../shared/bridge';
import { createApiClient, send } from './api-client';
import { createApiForwarder } from './api-forwarder';
import { createBadgeUpdater } from './badge';
import { createFilePicker, type DialogLike } from './file-picker';
import { apiHandlers, fileHandlers, saveHandlers, sessionHandlers } from './ipc/handlers';
import { registerHandlers, type IpcMainLike } from './ipc/register';
import type { TokenVault } from './keychain';
import { createLiveBridge, withLiveSync } from './live';
import { createNotifier, withApprovalNames, withHoldItem, withRejectionReason, type NotificationSpec } from './notifications';
import { createFileSaver, type PrintableLike, type SaveDialogLike } from './save-file';
import { createSessionManager, type KeyValueStore } from './session';

export interface DesktopCoreDeps<E> {
  apiUrl: string;
  /** The non-secret session state on disk (electron-store's `session-state`). */
  store: KeyValueStore;
  vault: TokenVault;
  dialog: DialogLike & SaveDialogLike;
  ipcMain: IpcMainLike<E>;
  /** The sender check every IPC call passes first. */
  isTrusted(event: E): boolean;
  /** The window an IPC call came from (dialogs are attached to it). */
  windowOf(event: E): unknown;
  /** The page an IPC call came from (printed to PDF, told an export's progress). */
  contentsOf(event: E): PrintableLike & { send(channel: string, ...args: unknown[]): void };
  /** Sends to the app window's page (live messages), when there is a window. */
  sendToPage(channel: string, message: unknown): void;
  /** For the live event stream. */
  fetch: typeof fetch;
  showNotification(n: NotificationSpec): void;
  applyBadge(count: number): void;
  /** Signed in or out (the menu follows the role). */
  onSessionChange(): void;
  log(message: string): void;
}

export function createDesktopCore<E>(deps: DesktopCoreDeps<E>) {
  const { apiUrl } = deps;
  const client = createApiClient(apiUrl);
  const session = createSessionManager({ store: deps.store, vault: deps.vault, client, apiUrl, log: deps.log });
  session.restore();
  const picker = createFilePicker({ dialog: deps.dialog });
  const forward = createApiForwarder({ client, session, picker });

  // Dock / taskbar badge (staff: cards pending review) and OS notifications, fed by main's event stream.
  const isStaff = () => ['admin', 'manager'].includes(session.user()?.role ?? '');
  const badge = createBadgeUpdater({
    isStaff,
    pending: async () => {
      const token = session.token();
      if (!token) return 0;
      const r = await send<{ pending: number }>(client, { method: 'GET', path: 'dashboard-figures', token });
      return r.status === 200 ? (r.data as { pending: number }).pending : null;
    },
    apply: deps.applyBadge,
  });
  /** `path`'s JSON for the signed-in user when they have `role`'s side (a seller, or staff), else null. */
  const read = async (path: string, side: 'seller' | 'staff') => {
    const token = session.token();
    if (!token || (side === 'staff') !== isStaff()) return null;
    const r = await send(client, { method: 'GET', path, token });
    return r.status === 200 ? r.data : null;
  };
  const rejectionReason = withRejectionReason((id) => read(`gift-card/${id}`, 'seller'));
  const approvalNames = withApprovalNames(() => read('pending-payment', 'staff'));
  const holdItem = withHoldItem(() => read('seller-inbox?page=1', 'seller'));
  const notifier = createNotifier({
    user: () => session.user(),
    show: deps.showNotification,
    enrich: async (e) => holdItem(await approvalNames(await rejectionReason(e))),
  });
  const live = createLiveBridge({
    apiUrl,
    session,
    fetch: deps.fetch,
    send: (m) => deps.sendToPage(IPC.live, m),
    onEvent: (e) => {
      notifier.push(e);
      if (e.type === 'pending.changed') void badge.refresh();
    },
    onResync: () => void badge.refresh(),
    onSignedOut: () => {
      notifier.reset();
      badge.clear();
      deps.onSessionChange();
    },
  });
  /** After a login, a logout or at start: the stream, the menu, the badge follow the session. */
  const sync = () => {
    live.sync();
    deps.onSessionChange();
    if (session.token()) void badge.refresh();
    else {
      notifier.reset();
      badge.clear();
    }
  };

  const removeHandlers = registerHandlers<E>(
    deps.ipcMain,
    deps.isTrusted,
    sessionHandlers(withLiveSync(session, sync)),
    apiHandlers(forward),
    fileHandlers(picker, deps.windowOf),
    saveHandlers(createFileSaver({ dialog: deps.dialog, client, token: () => session.token() }), deps.windowOf, deps.contentsOf),
  );
  return { client, session, picker, forward, live, sync, removeHandlers };
}
export type DesktopCore = ReturnType<typeof createDesktopCore>;
