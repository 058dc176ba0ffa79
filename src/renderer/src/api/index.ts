import type { Transport } from './transport';
import { createHttpTransport } from './http';

declare global {
  interface Window {
    /** Exposed by the preload script inside the desktop app. */
    giftCardApi?: unknown;
  }
}

let transport: Transport | null = null;

/** The transport for this run: IPC inside Electron (preload present), HTTP in a browser. */
export async function getTransport(): Promise<Transport> {
  if (transport) return transport;
  if (window.giftCardApi) {
    const { createIpcTransport } = await import('./ipc');
    transport = createIpcTransport(window.giftCardApi);
  } else {
    transport = createHttpTransport();
  }
  return transport;
}

export type { Transport } from './transport';
