import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webCacheControl } from '../../src/server/app';
import { precompressFiles } from '../../vite.plugins';
import { startTestServer, type TestServer } from '../helpers/server';

/** Browser mode: the renderer's build served precompressed, hashed files cached for good, index.html revalidated. */
describe('static renderer files', () => {
  let server: TestServer;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-web-'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}<script src="/assets/index-AbC12345.js"></script>`,
    );
    fs.writeFileSync(path.join(web, 'assets', 'index-AbC12345.js'), js);
    fs.writeFileSync(path.join(web, 'assets', 'tiny-ZyX98765.css'), 'a{}');
    expect(precompressFiles(web)).toBe(2); // index.html and the script; the tiny file stays as it is
    server = await startTestServer({ config: { WEB_DIR: web } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli, else gzip, else the plain file, by Accept-Encoding', async () => {
    const br = await get('/assets/index-AbC12345.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await get('/assets/index-AbC12345.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-AbC12345.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(String(plain.headers['content-type'])).toMatch(/javascript/);
  });

  it('caches hashed files for a year and revalidates index.html and client routes', async () => {
    expect((await get('/assets/index-AbC12345.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/tiny-ZyX98765.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await get('/', 'br');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBe('br');
    const deep = await get('/edit/user/5', 'br');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    const html = deep.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(deep.rawPayload).toString() : deep.body;
    expect(html).toContain('/assets/index-AbC12345.js');
  });

  it('the API stays no-store and unknown API paths stay JSON 404s', async () => {
    expect((await get('/api/ping')).headers['cache-control']).toBe('no-store');
    const missing = await get('/api/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found.' });
  });

  it('names the hashed files by their build hash only', () => {
    expect(webCacheControl('assets/LoginPage-B1x_9aZq.js')).toBe('public, max-age=31536000, immutable');
    expect(webCacheControl('index.html')).toBe('no-cache');
    expect(webCacheControl('favicon.ico')).toBe('no-cache');
  });
});
