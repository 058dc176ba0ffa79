import type { Transport } from './transport';

/** Placeholder until the desktop shell lands: the preload bridge's object becomes a Transport here. */
export function createIpcTransport(_bridge: unknown): Transport {
  throw new Error('The IPC transport is not built yet');
}
