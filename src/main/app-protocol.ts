import fs from 'node:fs/promises';
import path from 'node:path';

/** The renderer is served from app://bundle/ (absolute asset paths and BrowserRouter need a real origin, not file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN_URL = `${APP_SCHEME}://${APP_HOST}/`;

/** For protocol.registerSchemesAsPrivileged, before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
};

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

async function isFile(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isFile();
  } catch {
    return false;
  }
}

/**
 * Handler for protocol.handle('app', ...): files under `root`, never outside it; a path without a file
 * extension that matches no file is a client-side route and gets index.html.
 */
export function createBundleHandler(
  root: string,
  extraHeaders: () => Record<string, string> = () => ({}),
  /** Card photos (`/storage/images/<name>?<signature>`) come from the API through main: same origin for the page. */
  fetchPhoto?: (pathAndQuery: string) => Promise<Response>,
) {
  const base = path.resolve(root);
  const answer = (status: number, body: string | Uint8Array | null, type: string) =>
    new Response(body as ConstructorParameters<typeof Response>[0], {
      status,
      headers: { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache', ...extraHeaders() },
    });

  return async (request: Request): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return answer(400, 'Bad request', MIME['.txt']);
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return answer(404, 'Not found', MIME['.txt']);
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Method not allowed', MIME['.txt']);
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return answer(400, 'Bad request', MIME['.txt']);
    }
    if (rel.includes('\0')) return answer(400, 'Bad request', MIME['.txt']);
    if (fetchPhoto && /^\/storage\/images\/[0-9a-f-]{36}\.(jpg|png|webp)$/.test(url.pathname)) {
      if (request.method !== 'GET') return answer(405, 'Method not allowed', MIME['.txt']);
      const res = await fetchPhoto(`${url.pathname}${url.search}`).catch(() => null);
      if (!res) return answer(502, 'The image could not be loaded', MIME['.txt']);
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !/^image\/(jpeg|png|webp)$/.test(type))
        return answer(res.ok ? 502 : res.status, 'The image could not be loaded', MIME['.txt']);
      return new Response(res.body, {
        status: 200,
        headers: { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
      });
    }
    const full = path.resolve(base, `.${path.posix.normalize(`/${rel}`)}`);
    const inside = path.relative(base, full);
    if (inside.startsWith('..') || path.isAbsolute(inside)) return answer(404, 'Not found', MIME['.txt']);

    let file = inside === '' ? path.join(base, 'index.html') : full;
    if (!(await isFile(file))) {
      if (path.extname(rel)) return answer(404, 'Not found', MIME['.txt']);
      file = path.join(base, 'index.html');
    }
    const body = request.method === 'HEAD' ? null : new Uint8Array(await fs.readFile(file));
    return answer(200, body, MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  };
}
