import { linkablePath } from '../shared/screens';

export const DEEP_LINK_SCHEME = 'gift-card-back-office';

/**
 * `gift-card-back-office://gift-card/123` -> `/gift-card/123`, only for a route of the app (LINKABLE_ROUTES) with
 * nothing else in the link: no user, password, port, query or fragment, no encoded or doubled separators, no dot
 * segments. Anything else (another scheme, an unknown route, a hostile link) is null and opens nothing.
 */
export function parseDeepLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 200) return null;
  // Control characters, spaces, backslashes and percent-escapes have no place in our links.
  if (/[\s\\%]/.test(raw) || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const prefix = `${DEEP_LINK_SCHEME}://`;
  if (raw.slice(0, prefix.length).toLowerCase() !== prefix) return null;
  const rest = raw.slice(prefix.length).replace(/\/$/, '');
  if (!rest || /[?#@:]/.test(rest) || rest.includes('//')) return null;
  const segments = rest.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  // The first segment is the URL's host: hosts are case-insensitive, so `Gift-Card/1` is the same link.
  segments[0] = segments[0].toLowerCase();
  return linkablePath(`/${segments.join('/')}`);
}

/** The first deep link among a process's arguments (Windows and Linux pass the link to a second instance this way). */
export function deepLinkInArgs(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (typeof arg === 'string' && arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) return parseDeepLink(arg);
  }
  return null;
}

/** The parts of Electron's `app` the deep-link wiring uses. */
export interface DeepLinkApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
}

/**
 * Registers the scheme (in development with the Electron binary and the app's path as arguments, as Windows needs)
 * and sends every valid link to `open`: macOS `open-url`, a second instance's arguments, this instance's own.
 */
export function wireDeepLinks(
  app: DeepLinkApp,
  opts: { open(path: string): void; focus(): void; argv: readonly string[]; defaultApp: boolean; execPath: string; appPath?: string },
): string | null {
  // Reviewed (scan finding PROTOCOL_HANDLER_JS_CHECK): every link is parsed by parseDeepLink (tested with hostile
  // links) and only a route of the app is ever opened, inside the app, never passed to a shell or a URL loader.
  const devArgs = opts.defaultApp && opts.appPath ? [opts.appPath] : undefined;
  const devExec = devArgs ? opts.execPath : undefined;
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, devExec, devArgs); // eng-disable PROTOCOL_HANDLER_JS_CHECK
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const path = parseDeepLink(url);
    opts.focus();
    if (path) opts.open(path);
  });
  app.on('second-instance', (_event, argv) => {
    opts.focus();
    const path = deepLinkInArgs(argv);
    if (path) opts.open(path);
  });
  return deepLinkInArgs(opts.argv);
}
