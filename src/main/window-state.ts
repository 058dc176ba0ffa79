import type { KeyValueStore } from './session';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}
/** Where the window opens: size always; position only when it is on a screen (else the OS centres it). */
export interface WindowPlacement {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
}

export const WINDOW_STATE_KEY = 'window';
const DEFAULT = { width: 1280, height: 800 };
const MIN = { width: 900, height: 600 };

const isRect = (r: unknown): r is Rect =>
  !!r && typeof r === 'object' && (['x', 'y', 'width', 'height'] as const).every((k) => Number.isFinite((r as Rect)[k]));

/** How much of `a` lies inside `b` (area in pixels). */
const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * The saved window size, position and maximised state, kept on screen: the size is cut to the work area of the
 * display it is mostly on, and a window whose title bar would be off every display (a monitor is gone, the
 * resolution changed) opens centred on the primary display instead.
 */
export function placeWindow(saved: unknown, workAreas: readonly Rect[]): WindowPlacement {
  const state = saved as Partial<WindowState> | undefined;
  const primary = workAreas[0];
  const fit = (w: number, h: number, area: Rect | undefined) => ({
    width: Math.round(Math.max(MIN.width, area ? Math.min(w, area.width) : w)),
    height: Math.round(Math.max(MIN.height, area ? Math.min(h, area.height) : h)),
  });
  if (!state || !isRect(state.bounds)) return { ...fit(DEFAULT.width, DEFAULT.height, primary), maximized: false };
  const maximized = state.maximized === true;
  const b = state.bounds;
  const home = [...workAreas].sort((p, q) => overlap(b, q) - overlap(b, p))[0];
  // The title bar (top 40 px, at least 100 px of it wide) must be reachable on some display.
  const titleBar = { x: b.x, y: b.y, width: b.width, height: Math.min(40, b.height) };
  const reachable = workAreas.some((a) => overlap(titleBar, a) >= 100 * Math.min(40, b.height));
  if (!home || !reachable || overlap(b, home) === 0) return { ...fit(b.width, b.height, primary), maximized };
  const size = fit(b.width, b.height, home);
  // Slide it fully inside its display's work area when it sticks out.
  const x = Math.round(Math.min(Math.max(b.x, home.x), home.x + home.width - size.width));
  const y = Math.round(Math.min(Math.max(b.y, home.y), home.y + home.height - size.height));
  return { ...size, x, y, maximized };
}

/** The parts of BrowserWindow the state keeper uses. */
export interface StatefulWindow {
  on(event: 'resize' | 'move' | 'close' | 'maximize' | 'unmaximize', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isFullScreen?(): boolean;
}

/** Saves the window's normal bounds and maximised state (debounced while it moves, at once when it closes). */
export function keepWindowState(
  win: StatefulWindow,
  store: KeyValueStore,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = { setTimeout, clearTimeout },
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timers.clearTimeout(timer);
    timer = undefined;
    if (win.isMinimized()) return;
    store.set(WINDOW_STATE_KEY, { bounds: win.getNormalBounds(), maximized: win.isMaximized() } satisfies WindowState);
  };
  const later = () => {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(save, 500);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('maximize', save);
  win.on('unmaximize', save);
  win.on('close', save);
}
