import { describe, expect, it } from 'vitest';
import { reloadOnStaleChunk } from '../../src/renderer/src/app/chunkReload';

function fakeWindow() {
  const listeners: Record<string, ((e: { preventDefault(): void }) => void)[]> = {};
  const store = new Map<string, string>();
  const win = {
    reloads: 0,
    addEventListener: (type: string, l: (e: { preventDefault(): void }) => void) => (listeners[type] ??= []).push(l),
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    location: { reload: () => void win.reloads++ },
    /** Fires vite:preloadError; true when a listener prevented the error. */
    fail() {
      let prevented = false;
      for (const l of listeners['vite:preloadError'] ?? []) l({ preventDefault: () => (prevented = true) });
      return prevented;
    },
  };
  return win;
}

describe('a screen chunk that failed to load after a server update', () => {
  it('reloads the page once; a second failure soon after shows the error', () => {
    let t = 1_000_000;
    const win = fakeWindow();
    reloadOnStaleChunk(win, () => t);
    expect(win.fail()).toBe(true);
    expect(win.reloads).toBe(1);
    // The reloaded page (same session storage) fails again at once: no loop, the error is shown.
    const again = Object.assign(fakeWindow(), { sessionStorage: win.sessionStorage });
    reloadOnStaleChunk(again, () => t + 2_000);
    expect(again.fail()).toBe(false);
    expect(again.reloads).toBe(0);
    // A later update, long after: reload again.
    t += 3_600_000;
    expect(win.fail()).toBe(true);
    expect(win.reloads).toBe(2);
  });
});
