import { LIMITS } from '../shared/limits';
import { normalizeApiUrl, readSettings } from './config';

/** The parts of electron-updater's autoUpdater the wiring uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (info: { version?: string }) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

const UPDATE_CHECK_EVERY_MS = LIMITS.desktop.updateCheckEveryMs.value;

/** The update feed: `UPDATE_URL`, else `updateUrl` in settings.json (userData); an http(s) folder URL, or null. */
export function updateFeedUrl(env: Record<string, string | undefined>, userDataDir: string): string | null {
  return normalizeApiUrl(env.UPDATE_URL) ?? normalizeApiUrl(readSettings(userDataDir)?.updateUrl);
}

export type UpdaterState = { on: false; why: string } | { on: true; feedUrl: string; stop(): void };

/**
 * Auto-update from a generic feed (the folder electron-builder publishes to: latest.yml and the packages). Off in
 * development (an unpackaged app) and without a feed. Checks at start and every few hours, downloads in the
 * background, and once an update is downloaded calls `ready(restart)`: the app offers "Restart to Update" (it is
 * also installed when the app quits).
 */
export function startAutoUpdates(opts: {
  updater: UpdaterLike;
  isPackaged: boolean;
  feedUrl: string | null;
  ready(restart: () => void, version: string | undefined): void;
  log(message: string): void;
  everyMs?: number;
  timers?: { setInterval: typeof setInterval; clearInterval: typeof clearInterval };
}): UpdaterState {
  if (!opts.isPackaged) return { on: false, why: 'development build' };
  if (!opts.feedUrl) return { on: false, why: 'no update feed (updateUrl in settings.json)' };
  const timers = opts.timers ?? { setInterval, clearInterval };
  const { updater } = opts;
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.setFeedURL({ provider: 'generic', url: opts.feedUrl });
  let announced = false;
  updater.on('update-downloaded', (info) => {
    if (announced) return;
    announced = true;
    opts.ready(() => updater.quitAndInstall(), info?.version);
  });
  updater.on('error', (err) => opts.log(`update check failed: ${err.message}`));
  const check = () => void updater.checkForUpdates().catch((err: Error) => opts.log(`update check failed: ${err.message}`));
  check();
  const timer = timers.setInterval(check, opts.everyMs ?? UPDATE_CHECK_EVERY_MS);
  (timer as { unref?: () => void }).unref?.();
  return { on: true, feedUrl: opts.feedUrl, stop: () => timers.clearInterval(timer) };
}
