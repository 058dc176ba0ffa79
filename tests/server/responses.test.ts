import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { route } from '../../src/server/http/route';
import { errorHandler } from '../../src/server/http/errors';

/** A bare Fastify app with one contract route whose handler answers `answer`, called by a seller. */
async function appAnswering(answer: unknown) {
  const app = Fastify({ logger: false });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { user: unknown }).user = { id: 1, name: 'S', email: 's@x', role: 'seller' };
  });
  app.setErrorHandler(errorHandler);
  route(app, 'sellerDue', async () => answer);
  await app.ready();
  return app;
}

describe('response schemas', () => {
  it('strip what the schema does not name', async () => {
    const hold = { available_now: 12.5, on_hold: 0, hold_release: null };
    const app = await appAnswering({ due: 12.5, ...hold, password_hash: 'secret', internal: { x: 1 } });
    const res = await app.inject({ method: 'GET', url: '/api/seller-due' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ due: 12.5, available_now: 12.5, on_hold: 0, hold_release: null });
    await app.close();
  });

  it('refuse to send an answer of the wrong shape (a server fault, not a leak)', async () => {
    const app = await appAnswering({ due: 'twelve' });
    const res = await app.inject({ method: 'GET', url: '/api/seller-due' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('twelve');
    await app.close();
  });
});
