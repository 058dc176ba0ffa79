/** What reloadOnStaleChunk needs of the window (a fake one in the unit test). */
export interface ReloadWindow {
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  location: { reload(): void };
}

const KEY = 'gcbo:stale-chunk-reload';
/** A second failure this soon after the reload is not a stale chunk: the error shows instead of a reload loop. */
const ONCE_WITHIN_MS = 60_000;

/**
 * After a server update, a window opened before it asks for screen chunks that are gone, and the router would show
 * "Unexpected Application Error". Vite reports the failed dynamic import as `vite:preloadError`: reload once instead
 * (same URL, so the same screen, now from the new build).
 */
export function reloadOnStaleChunk(win: ReloadWindow, now: () => number = Date.now): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(KEY) ?? 0);
    if (now() - last < ONCE_WITHIN_MS) return;
    win.sessionStorage.setItem(KEY, String(now()));
    event.preventDefault();
    win.location.reload();
  });
}
