/**
 * Window security, over Electron's objects passed in (so it runs and is tested in plain Node):
 * own-page checks, CSP, navigation and window-open locks, permission denial, IPC sender checks.
 */
import { APP_ORIGIN_URL, APP_HOST, APP_SCHEME } from './app-protocol';

export interface Origins {
  /** The URL the window loads. */
  startUrl: string;
  isOwnUrl(url: string): boolean;
}

/** Our pages: app://bundle/..., or the electron-vite dev server while developing. */
export function createOrigins(devServerUrl?: string): Origins {
  const dev = devServerUrl ? new URL(devServerUrl) : null;
  return {
    startUrl: dev ? dev.toString() : APP_ORIGIN_URL,
    isOwnUrl(url) {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return false;
      }
      if (u.protocol === `${APP_SCHEME}:` && u.host.toLowerCase() === APP_HOST) return true;
      return !!dev && (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === dev.origin;
    },
  };
}

/** Strict policy; images may also come from the API origin (/storage/images). */
export function contentSecurityPolicy(apiOrigin: string, devServerUrl?: string): string {
  const dev = devServerUrl ? new URL(devServerUrl).origin : '';
  const devWs = dev ? dev.replace(/^http/, 'ws') : '';
  const d: Record<string, string> = {
    'default-src': "'none'",
    'script-src': dev ? `'self' 'unsafe-inline' ${dev}` : "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': `'self' data: blob: ${new URL(apiOrigin).origin}`,
    'font-src': "'self' data:",
    'connect-src': dev ? `'self' ${dev} ${devWs}` : "'self'",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

type Headers = Record<string, string[] | string>;
export interface WebRequestLike {
  onHeadersReceived(listener: (details: { responseHeaders?: Headers }, callback: (r: { responseHeaders: Headers }) => void) => void): void;
}
export interface SessionLike {
  webRequest: WebRequestLike;
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void;
}

/** Every response gets our policy (replacing any other), so no page of ours runs without it. */
export function withCsp(headers: Headers | undefined, policy: string): Headers {
  const out: Headers = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() !== 'content-security-policy') out[k] = v;
  out['Content-Security-Policy'] = [policy];
  return out;
}

export function installSessionSecurity(session: SessionLike, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withCsp(details.responseHeaders, policy) }));
  // The app needs no camera, microphone, notifications, geolocation...: every request and check is denied.
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The part of Electron's `shell` used here. */
export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

/** Opens http(s) links in the user's browser; every other scheme (file:, javascript:, smb:...) is dropped. */
export function openIfWeb(url: string, shell: ShellLike): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  // The only openExternal call of the app, reached for parsed http(s) URLs only (scan finding OPEN_EXTERNAL_JS_CHECK reviewed;
  // tests/unit/main-security.test.ts proves other schemes never get here).
  void shell.openExternal(u.toString()).catch(() => {}); // eng-disable OPEN_EXTERNAL_JS_CHECK
  return true;
}

interface NavEvent {
  preventDefault(): void;
  url?: string;
}
export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', listener: (event: NavEvent, url?: string) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
}

/** Navigation stays on our pages; new windows are never opened (web links go to the browser). */
export function hardenWebContents(contents: WebContentsLike, origins: Origins, shell: ShellLike): void {
  contents.on('will-navigate', (event, url) => {
    const target = event.url ?? url ?? '';
    if (origins.isOwnUrl(target)) return;
    event.preventDefault();
    openIfWeb(target, shell);
  });
  contents.on('will-redirect', (event, url) => {
    if (!origins.isOwnUrl(event.url ?? url ?? '')) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfWeb(url, shell);
    return { action: 'deny' };
  });
}

/** The sender of an IPC message must be the top frame of one of our pages. */
export interface IpcEventLike {
  senderFrame?: { url: string; parent: unknown } | null;
}
export function isTrustedSender(event: IpcEventLike, origins: Origins): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return origins.isOwnUrl(frame.url);
}
