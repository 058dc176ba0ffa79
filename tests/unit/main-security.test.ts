import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createOrigins,
  hardenWebContents,
  installSessionSecurity,
  openIfWeb,
  withCsp,
  type SessionLike,
  type WebContentsLike,
} from '../../src/main/security';
import { createMainWindow } from '../../src/main/window';
import { API_ORIGIN_ARG } from '../../src/shared/bridge';

/** Stands in for Electron's webContents: real events, a recorded window-open handler. */
class FakeWebContents extends EventEmitter implements WebContentsLike {
  openHandler?: (d: { url: string }) => { action: 'deny' } | { action: 'allow' };
  setWindowOpenHandler(h: NonNullable<FakeWebContents['openHandler']>) {
    this.openHandler = h;
  }
  /** Emits a navigation the way Electron does and tells whether it was prevented. */
  navigate(kind: 'will-navigate' | 'will-redirect' | 'will-attach-webview', url: string): boolean {
    let prevented = false;
    this.emit(kind, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function harden(devUrl?: string) {
  const opened: string[] = [];
  const wc = new FakeWebContents();
  hardenWebContents(wc, createOrigins(devUrl), { openExternal: async (u) => void opened.push(u) });
  return { wc, opened };
}

describe('own pages', () => {
  it('are app://bundle/ only (plus the dev server while developing)', () => {
    const o = createOrigins();
    expect(o.startUrl).toBe('app://bundle/');
    for (const u of ['app://bundle/', 'app://bundle/gift-cards/5?page=2', 'APP://BUNDLE/x']) expect(o.isOwnUrl(u), u).toBe(true);
    for (const u of [
      'app://evil/',
      'file:///app/index.html',
      'http://127.0.0.1:8787/',
      'https://bundle/',
      'javascript:alert(1)',
      'not a url',
      '',
    ])
      expect(o.isOwnUrl(u), u).toBe(false);
    const dev = createOrigins('http://localhost:5173');
    expect(dev.startUrl).toBe('http://localhost:5173/');
    expect(dev.isOwnUrl('http://localhost:5173/login')).toBe(true);
    expect(dev.isOwnUrl('http://localhost:5174/')).toBe(false);
  });
});

describe('navigation guards', () => {
  it('keep the window on our pages and send web links to the browser', () => {
    const { wc, opened } = harden();
    expect(wc.navigate('will-navigate', 'app://bundle/users')).toBe(false);
    expect(wc.navigate('will-navigate', 'https://example.com/help')).toBe(true);
    expect(wc.navigate('will-navigate', 'http://127.0.0.1:8787/api/openapi.json')).toBe(true);
    expect(opened).toEqual(['https://example.com/help', 'http://127.0.0.1:8787/api/openapi.json']);
  });

  it('never open other schemes externally', () => {
    const { wc, opened } = harden();
    for (const u of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'ms-settings:',
      'data:text/html,<script>1</script>',
      'garbage',
    ]) {
      expect(wc.navigate('will-navigate', u), u).toBe(true);
      expect(wc.openHandler!({ url: u })).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual([]);
  });

  it('deny every new window; http(s) targets open in the browser instead', () => {
    const { wc, opened } = harden();
    expect(wc.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(wc.openHandler!({ url: 'app://bundle/other' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/']);
  });

  it('block redirects away from our pages and every <webview>', () => {
    const { wc } = harden();
    expect(wc.navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(wc.navigate('will-redirect', 'app://bundle/')).toBe(false);
    expect(wc.navigate('will-attach-webview', 'app://bundle/')).toBe(true);
  });

  it('openIfWeb reports what it did', () => {
    const seen: string[] = [];
    const shell = { openExternal: async (u: string) => void seen.push(u) };
    expect(openIfWeb('https://a.example/x y', shell)).toBe(true);
    expect(openIfWeb('file:///x', shell)).toBe(false);
    expect(seen).toEqual(['https://a.example/x%20y']);
  });
});

describe('session security', () => {
  it('sets a strict CSP on every response, replacing any other, and denies every permission', () => {
    let onHeaders: Parameters<SessionLike['webRequest']['onHeadersReceived']>[0] | undefined;
    let onRequest: Parameters<SessionLike['setPermissionRequestHandler']>[0] | undefined;
    let onCheck: ((...a: unknown[]) => boolean) | undefined;
    const session: SessionLike = {
      webRequest: { onHeadersReceived: (l) => void (onHeaders = l) },
      setPermissionRequestHandler: (h) => void (onRequest = h),
      setPermissionCheckHandler: (h) => void (onCheck = h),
    };
    const csp = contentSecurityPolicy('http://10.0.0.5:8787');
    installSessionSecurity(session, csp);
    let headers: Record<string, string[] | string> = {};
    onHeaders!(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] } },
      (r) => (headers = r.responseHeaders),
    );
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [csp] });
    for (const perm of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      let granted: boolean | undefined;
      onRequest!({}, perm, (g) => (granted = g));
      expect(granted, perm).toBe(false);
      expect(onCheck!({}, perm, 'app://bundle/')).toBe(false);
    }
  });

  it('the CSP allows only our scripts and images from the API origin', () => {
    const csp = contentSecurityPolicy('http://10.0.0.5:8787');
    const d = Object.fromEntries(csp.split('; ').map((p) => [p.split(' ')[0], p.split(' ').slice(1).join(' ')]));
    expect(d['default-src']).toBe("'none'");
    expect(d['script-src']).toBe("'self'");
    expect(d['img-src']).toBe("'self' data: blob: http://10.0.0.5:8787");
    expect(d['connect-src']).toBe("'self'");
    expect(d['object-src']).toBe("'none'");
    expect(d['frame-ancestors']).toBe("'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(withCsp(undefined, csp)).toEqual({ 'Content-Security-Policy': [csp] });
  });
});

describe('app window', () => {
  it('is created with the security checklist webPreferences and the CommonJS preload, shown when ready', async () => {
    const made: { options: Record<string, unknown>; loaded: string[]; shown: boolean; ready?: () => void }[] = [];
    class FakeWindow {
      rec = { options: {} as Record<string, unknown>, loaded: [] as string[], shown: false, ready: undefined as undefined | (() => void) };
      constructor(options: Record<string, unknown>) {
        this.rec.options = options;
        made.push(this.rec);
      }
      once(_e: 'ready-to-show', l: () => void) {
        this.rec.ready = l;
      }
      show() {
        this.rec.shown = true;
      }
      async loadURL(u: string) {
        this.rec.loaded.push(u);
      }
    }
    createMainWindow(FakeWindow, { preload: '/app/out/preload/index.cjs', apiOrigin: 'http://127.0.0.1:8787', startUrl: 'app://bundle/' });
    const [w] = made;
    expect(w.options.show).toBe(false);
    expect(w.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      additionalArguments: [`${API_ORIGIN_ARG}http://127.0.0.1:8787`],
    });
    expect(w.loaded).toEqual(['app://bundle/']);
    expect(w.shown).toBe(false);
    w.ready!();
    expect(w.shown).toBe(true);
  });
});
