import type { HandlerMap } from './handlers';

export interface IpcMainLike<E> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export const REFUSED = 'Refused: this request did not come from the app window';

/** Registers every map's handlers behind one sender check; returns a function that removes them. */
export function registerHandlers<E>(ipcMain: IpcMainLike<E>, isTrusted: (event: E) => boolean, ...maps: HandlerMap<E>[]): () => void {
  const channels: string[] = [];
  for (const map of maps) {
    for (const [channel, handler] of Object.entries(map)) {
      if (!handler) continue;
      if (channels.includes(channel)) throw new Error(`IPC channel registered twice: ${channel}`);
      channels.push(channel);
      ipcMain.handle(channel, async (event, ...args) => {
        if (!isTrusted(event)) throw new Error(REFUSED);
        return handler(event, ...args);
      });
    }
  }
  return () => channels.forEach((c) => ipcMain.removeHandler(c));
}
