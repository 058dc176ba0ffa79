import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SCHEME_PRIVILEGES, createBundleHandler } from '../../src/main/app-protocol';
import { DEFAULT_API_URL, normalizeApiUrl, resolveApiUrl, SETTINGS_FILE } from '../../src/main/config';
import { tempDir } from '../main/harness';

let root: string;
let outside: string;
beforeAll(() => {
  const base = tempDir('gcbo-bundle-');
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  outside = path.join(base, 'secret.txt');
  fs.writeFileSync(outside, 'outside the bundle');
});
afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

describe('app:// protocol', () => {
  const get = (url: string, method = 'GET') =>
    createBundleHandler(root, () => ({ 'Content-Security-Policy': "default-src 'none'" }))(new Request(url, { method }));

  it('card photos come from the API through main: signed path and query passed on, only images answered', async () => {
    const asked: string[] = [];
    const photo = 'app://bundle/storage/images/0b7c2a52-8d39-4b47-9d1e-8a1f0f6b2c11.png?u=3&exp=99&sig=abc';
    const handler = (answer: Response) =>
      createBundleHandler(
        root,
        () => ({}),
        async (p) => {
          asked.push(p);
          return answer;
        },
      );
    const ok = await handler(new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'image/png' } }))(new Request(photo));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    expect(asked).toEqual(['/storage/images/0b7c2a52-8d39-4b47-9d1e-8a1f0f6b2c11.png?u=3&exp=99&sig=abc']);
    const expired = await handler(new Response('no', { status: 403 }))(new Request(photo));
    expect(expired.status).toBe(403);
    const html = await handler(new Response('<script>', { headers: { 'content-type': 'text/html' } }))(new Request(photo));
    expect(html.status).toBe(502);
    // Anything else under /storage is not proxied (and no file of the bundle is there).
    const other = await handler(new Response('x'))(new Request('app://bundle/storage/images/../../index.html'));
    expect(asked).toHaveLength(3);
    expect(other.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('is registered as a standard, secure scheme (so "self", fetch and module scripts work)', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
  });

  it('serves the bundle with the right types and our CSP', async () => {
    const index = await get('app://bundle/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('id="root"');
    const js = await get('app://bundle/assets/index-abc.js');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toBe('console.log(1)');
    expect((await get('app://bundle/assets/index-abc.css')).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('falls back to index.html for client routes, not for missing files', async () => {
    for (const route of ['app://bundle/gift-cards/5', 'app://bundle/login?next=%2Fusers', 'app://bundle/users/']) {
      const r = await get(route);
      expect(r.status, route).toBe(200);
      expect(await r.text()).toContain('id="root"');
    }
    expect((await get('app://bundle/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the bundle or for another host or method', async () => {
    for (const u of [
      'app://bundle/../secret.txt',
      'app://bundle/%2e%2e/secret.txt',
      'app://bundle/..%2fsecret.txt',
      'app://bundle/assets/..%2f..%2fsecret.txt',
      `app://bundle/${encodeURIComponent(outside)}`,
    ]) {
      const r = await get(u);
      const text = await r.text();
      expect(text, u).not.toContain('outside the bundle');
    }
    expect((await get('app://evil/assets/index-abc.js')).status).toBe(404);
    expect((await get('app://bundle/%00')).status).toBe(400);
    expect((await get('app://bundle/', 'POST')).status).toBe(405);
  });
});

describe('server address', () => {
  it('normalizes http(s) URLs and refuses everything else', () => {
    expect(normalizeApiUrl('https://api.example.com/api')).toBe('https://api.example.com/api/');
    expect(normalizeApiUrl(' http://10.0.0.5:8787/api/?x=1#h ')).toBe('http://10.0.0.5:8787/api/');
    for (const bad of ['file:///etc', 'javascript:alert(1)', 'ftp://x/', 'http://user:pw@host/', 'nope', '', 42, null])
      expect(normalizeApiUrl(bad), String(bad)).toBeNull();
  });

  it('comes from API_URL, else the settings file in userData, else the default', () => {
    const userData = tempDir('gcbo-userdata-');
    expect(resolveApiUrl({}, userData)).toEqual({ apiUrl: DEFAULT_API_URL, source: 'default' });
    fs.writeFileSync(path.join(userData, SETTINGS_FILE), JSON.stringify({ apiUrl: 'https://backoffice.example.com/api' }));
    expect(resolveApiUrl({}, userData)).toEqual({ apiUrl: 'https://backoffice.example.com/api/', source: 'settings' });
    expect(resolveApiUrl({ API_URL: 'http://127.0.0.1:9000/api/' }, userData)).toEqual({
      apiUrl: 'http://127.0.0.1:9000/api/',
      source: 'env',
    });
    // A bad API_URL falls through to the settings file, with a warning.
    const bad = resolveApiUrl({ API_URL: 'file:///etc/passwd' }, userData);
    expect(bad).toMatchObject({ apiUrl: 'https://backoffice.example.com/api/', source: 'settings' });
    expect(bad.warning).toMatch(/API_URL/);
    fs.writeFileSync(path.join(userData, SETTINGS_FILE), '{ not json');
    expect(resolveApiUrl({}, userData)).toEqual({ apiUrl: DEFAULT_API_URL, source: 'default' });
    fs.writeFileSync(path.join(userData, SETTINGS_FILE), JSON.stringify({ apiUrl: 'javascript:1' }));
    expect(resolveApiUrl({}, userData).warning).toMatch(/settings\.json/);
    fs.rmSync(userData, { recursive: true, force: true });
  });
});
