import type { FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Database } from './db/client';
import { JSON_LIMITS, parseJsonBody } from './http/json-body';
import { errorHandler } from './http/errors';
import { clientErrorHandler, HTTP_LIMITS, serverTimeouts, type HttpLimits } from './http/limits';
import { bearerToken } from './http/auth';
import { createImageSigner, loadImageUrlKey } from './modules/images/signing';
import { serveCardPhotos } from './modules/images/serve';
import { createServices, type Services } from './services';
import { registerRoutes } from './modules';
import { openApiDocument } from './openapi';
import type { AuthUser } from './modules/auth/service';
import { startBackgroundWork, type TaskName } from './modules/jobs/start';
import { LIMITS } from '../shared/limits';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests shorten the connection time limits. */
  httpLimits?: Partial<HttpLimits>;
  /** Tests shorten the background tasks' intervals (with JOBS on). */
  taskEveryMs?: Partial<Record<TaskName, number>>;
}

/** Where the renderer's build is, if it has been built: served at / for browser mode. */
function webDir(config: Config): string | null {
  const candidates = [config.WEB_DIR, path.resolve('out/renderer')].filter(Boolean) as string[];
  return candidates.find((d) => fs.existsSync(path.join(d, 'index.html'))) ?? null;
}

/** Hashed build files (assets/name-HASH.ext, and their .br / .gz) never change: cached for a year; anything else (index.html) is revalidated. */
export function webCacheControl(relativePath: string): string {
  return /^assets[\\/].+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Builds the API server (not listening): tests use inject() or listen on port 0. */
export async function buildApp({
  config,
  database,
  httpLimits,
  taskEveryMs,
}: AppOptions): Promise<FastifyInstance & { services: Services }> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: LIMITS.http.bodyBytes.value,
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: false,
    ...serverTimeouts({ ...HTTP_LIMITS, ...httpLimits }),
    clientErrorHandler,
    // Errors of the router itself (a path that is not valid percent-encoding, e.g. /api/gift-card/%zz) in the
    // API's one error shape, like every other answer.
    frameworkErrors: (err, _request, reply) => {
      void (reply as FastifyReply)
        .status(400)
        .send({ message: err.code === 'FST_ERR_BAD_URL' ? 'The address is not valid.' : 'Bad request' });
    },
  });
  const services = createServices(database, config, createImageSigner(await loadImageUrlKey(database)));
  app.decorate('services', services);
  app.decorateRequest('user', null);
  app.setErrorHandler(errorHandler);

  // Helmet's headers, built once (@fastify/helmet built its middleware again on every request: 2.4% of the server's CPU
  // in a profile of page 1 under load on PGlite).
  const securityHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives: parseCsp(WEB_CSP) } });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  // JSON answers above 1 KB go compressed when the client accepts it. Only JSON: the event stream (hijacked, never
  // buffered), card photos (already compressed) and the precompressed renderer files pass through as they are.
  await app.register(compress, {
    global: true,
    threshold: LIMITS.http.compressAboveBytes.value,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: /^application\/json(?:;|$)/,
  });
  await app.register(formbody, { bodyLimit: JSON_LIMITS.bytes });
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: LIMITS.uploads.imageBytes.value } });

  // Empty bodies with a JSON content type (the redeem toggle sends none) are an empty object, not an error.
  // Size and depth are bounded before parsing; money numbers are judged by their source text (see json-body.ts).
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_LIMITS.bytes }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, parseJsonBody(text));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    if (token) request.user = await services.auth.authenticate(token);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  serveCardPhotos(app, services.images, services.signer);

  app.get('/api/openapi.json', async () => openApiDocument());
  app.get('/api/health', async () => {
    await database.query((await import('drizzle-orm')).sql`SELECT 1`);
    return { ok: true };
  });
  app.get('/api/ping', async () => ({ ok: true }));
  registerRoutes(app, services);
  // JOBS=0: this instance does no background work at all (another instance does).
  if (config.JOBS) {
    const background = startBackgroundWork(services, app.log, taskEveryMs);
    app.addHook('onClose', () => background.stop());
  }

  const web = webDir(config);
  if (web)
    await app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      decorateReply: true,
      index: 'index.html',
      wildcard: false,
      // The build writes .br / .gz next to each asset (vite.plugins.ts precompress): sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(path.relative(web, file))),
    });
  app.setNotFoundHandler((request, reply) => {
    if (web && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/storage/')) {
      // Client routes fall back to index.html (precompressed too), never cached.
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', web, { cacheControl: false });
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
  return app as unknown as FastifyInstance & { services: Services };
}

function parseCsp(csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}
