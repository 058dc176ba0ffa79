import type { AppCommand } from '../../../shared/bridge';

/** How long a command waits for a screen to hear it, and how many wait at most. */
const WAIT_MS = 30_000;
const WAITING_MAX = 10;

/**
 * The desktop shell's commands, heard from the bridge once for the page's life. One that arrives while no screen listens
 * (the signed-in frame remounts after the app reconnects, or the login screen is up) waits for the next listener, up to
 * WAIT_MS: a clicked notification is never lost.
 */
export function relayCommands(subscribe: (listener: (command: AppCommand) => void) => void, now = () => Date.now()) {
  const listeners = new Set<(command: AppCommand) => void>();
  const waiting: { command: AppCommand; at: number }[] = [];
  subscribe((command) => {
    if (listeners.size) return listeners.forEach((l) => l(command));
    waiting.push({ command, at: now() });
    if (waiting.length > WAITING_MAX) waiting.shift();
  });
  return (listener: (command: AppCommand) => void): (() => void) => {
    listeners.add(listener);
    const since = now() - WAIT_MS;
    for (const w of waiting.splice(0)) if (w.at >= since) listener(w.command);
    return () => void listeners.delete(listener);
  };
}
