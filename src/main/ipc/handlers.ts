import { IPC, type IpcChannel } from '../../shared/bridge';
import type { Forward } from '../api-forwarder';
import type { FilePicker } from '../file-picker';
import type { FileSaver, PrintableLike } from '../save-file';
import type { SessionManager } from '../session';

/** What ipcMain.handle passes: the event (checked before any handler runs) and the renderer's arguments. */
export type Handler<E> = (event: E, ...args: unknown[]) => Promise<unknown> | unknown;
export type HandlerMap<E> = Partial<Record<IpcChannel, Handler<E>>>;

/** Session: login, logout and the restored user. The token never leaves main. */
export function sessionHandlers<E>(session: SessionManager): HandlerMap<E> {
  return {
    [IPC.sessionLogin]: (_e, email, password) => session.login(email, password),
    [IPC.sessionLogout]: () => session.logout(),
    [IPC.sessionGet]: () => session.user(),
  };
}

/** API: one named operation of the contract at a time. */
export function apiHandlers<E>(forward: Forward): HandlerMap<E> {
  return { [IPC.apiCall]: (_e, op, args) => forward(op, args) };
}

/** Files: the native image picker, attached to the window that asked. */
export function fileHandlers<E>(picker: FilePicker, windowOf: (event: E) => unknown): HandlerMap<E> {
  return { [IPC.filesPick]: (e, multiple) => picker.pick(windowOf(e), multiple === true) };
}

/** Saving files: the window as a PDF, a CSV export streamed to disk (progress sent back to the asking page). */
export function saveHandlers<E>(
  saver: FileSaver,
  windowOf: (event: E) => unknown,
  contentsOf: (event: E) => PrintableLike & { send(channel: string, ...args: unknown[]): void },
): HandlerMap<E> {
  return {
    [IPC.savePdf]: (e, name) => saver.savePdf(windowOf(e), contentsOf(e), name),
    [IPC.exportCsv]: (e, op, args, name) => saver.exportCsv(windowOf(e), op, args, name, (p) => contentsOf(e).send(IPC.exportProgress, p)),
  };
}
