import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, JPEG, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { openEventStream, type OpenStream } from '../helpers/event-stream';
import { UPLOAD_LIMITS, uploadsInProgress } from '../../src/server/http/upload-slots';
import { JSON_LIMITS } from '../../src/server/http/json-body';
import { STREAM_LIMITS } from '../../src/server/modules/events/service';
import { createImageSigner, loadImageUrlKey } from '../../src/server/modules/images/signing';

/** Issue 30: slow, deep, many and forged requests are limited, each limit answered in the API's error shape. */
let s: TestServer;
beforeAll(async () => {
  // Short connection limits so that a stalled client is dropped while the test waits.
  s = await startTestServer({ listen: true, httpLimits: { headersMs: 800, requestMs: 1500, checkEveryMs: 100 } });
});
afterAll(async () => s?.close());

interface RawAnswer {
  status: number;
  body: string;
}
/** Sends `head` (and `start` of a body) over a raw socket, then nothing more; resolves with what the server answered once it closes the connection. */
function stalled(head: string, start = ''): { answer: Promise<RawAnswer>; socket: net.Socket } {
  const { port } = new URL(s.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (text += d));
  socket.write(head + start);
  const answer = new Promise<RawAnswer>((resolve) => {
    const done = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    };
    socket.on('close', done);
    socket.on('error', () => {});
  });
  return { answer, socket };
}
const multipartHead = (path: string, token?: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}` +
  'Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 1000000\r\n\r\n';
const fileStart =
  '--xyz\r\nContent-Disposition: form-data; name="gallery[0]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0';

const emptyUpload = (token: string) =>
  fetch(`${s.url}/api/gift-card`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new FormData() });

describe('connections that stop sending', () => {
  it('multipart to the public login is refused unread: idle ones take no upload slot and uploads go on', async () => {
    const idle = Array.from({ length: UPLOAD_LIMITS.total }, () => stalled(multipartHead('/api/login'), fileStart));
    const answers = await Promise.all(idle.map((c) => c.answer));
    for (const a of answers) {
      expect(a.status).toBe(415);
      expect(JSON.parse(a.body)).toEqual({ message: 'This call takes JSON or a urlencoded form, not multipart/form-data.' });
    }
    expect(uploadsInProgress()).toBe(0);
    expect((await emptyUpload(s.users.sellerA.token)).status).toBe(422);
  });

  it('a signed-in upload that stops mid-file is answered 408 in the API shape and its slot is released', async () => {
    const ups = [stalled(multipartHead('/api/gift-card', s.users.sellerA.token), fileStart)];
    ups.push(stalled(multipartHead('/api/gift-card', s.users.sellerA.token), fileStart));
    while (uploadsInProgress() < 2) await new Promise((r) => setTimeout(r, 10));
    // Both slots of the seller are held while the bodies are arriving.
    expect((await emptyUpload(s.users.sellerA.token)).status).toBe(429);
    for (const { answer } of ups) {
      const a = await answer;
      expect(a.status).toBe(408);
      expect(JSON.parse(a.body)).toEqual({ message: 'The request took too long to arrive. Please send it again.' });
    }
    while (uploadsInProgress() > 0) await new Promise((r) => setTimeout(r, 10));
    expect((await emptyUpload(s.users.sellerA.token)).status).toBe(422);
  });

  it('headers that never end are answered 408 and the connection closed; a JSON body that stops too', async () => {
    const head = await stalled('GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a').answer;
    expect(head.status).toBe(408);
    expect(JSON.parse(head.body).message).toMatch(/too long/);
    const body = await stalled(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      '{"email":',
    ).answer;
    expect(body.status).toBe(408);
  });
});

describe('JSON bodies', () => {
  const post = (path: string, payload: string, token?: string) =>
    s.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });

  it('10,000-deep on login and 5,000-deep on transaction are a 413 with a message, not a 500', async () => {
    const deep = (n: number) => `{"email":"a@b.c","password":"x","x":${'['.repeat(n)}${']'.repeat(n)}}`;
    for (const [path, n, token] of [
      ['login', 10_000, undefined],
      ['transaction', 5_000, s.users.admin.token],
      ['login', JSON_LIMITS.depth, undefined],
    ] as const) {
      const r = await post(path, deep(n), token);
      expect(r.statusCode, `${path} ${n}`).toBe(413);
      expect(r.json()).toEqual({ message: `The request body is nested more than ${JSON_LIMITS.depth} levels deep.` });
    }
    // Brackets inside strings are text, not depth.
    const inText = await post('login', JSON.stringify({ email: '[['.repeat(5000), password: 'x' }));
    expect(inText.statusCode).toBe(422);
  });

  it('a body over the size limit is a 413 in the API shape', async () => {
    const r = await post('login', JSON.stringify({ email: 'a@b.c', password: 'x', pad: 'x'.repeat(JSON_LIMITS.bytes) }));
    expect(r.statusCode).toBe(413);
    expect(typeof r.json().message).toBe('string');
  });

  it('money behind an escaped key is judged by its source text like the literal key', async () => {
    const seller = await s.createUser('seller');
    const offer = await createOffer(s, rangeOffer({ title: 'Escaped', min_price: 1, max_price: 1000, rate: 10 }));
    const card = await submitCard(s, seller, { giftcard_offer_id: offer, price: 100 });
    expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 100, card_status: 1 })).status).toBe(200);
    for (const key of ['transaction\\u005famount', 'transaction_amount', '\\u0074ransaction_amount']) {
      const r = await post(
        'transaction',
        `{"code":"ESC-${key.length}-${Date.now()}","${key}":59.909999999999999999,"gidcard_id":${card}}`,
        s.users.admin.token,
      );
      expect(r.statusCode, `${key}: ${r.body}`).toBe(422);
      expect(r.json().errors.transaction_amount).toEqual([
        'The transaction amount field must be a non-negative amount with at most 2 decimals.',
      ]);
    }
    // Other numbers are read as before: an exponent in an id is its value.
    const ok = await post(
      'transaction',
      `{"code":"ESC-OK-${Date.now()}","transaction_amount":1.5,"gidcard_id":${card}e0}`,
      s.users.admin.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the NUL check reads the operation’s fields only: a NUL in a field the call does not take is dropped with it', async () => {
    const r = await post('login', JSON.stringify({ email: s.users.sellerB.email, password: 'password-123', junk: { a: ['\u0000'] } }));
    expect(r.statusCode, r.body).toBe(200);
    const named = await post('login', JSON.stringify({ email: s.users.sellerB.email, password: 'pass\u0000' }));
    expect(named.statusCode).toBe(422);
    expect(named.json().errors).toEqual({ password: ['The password field may not contain a NUL character.'] });
  });
});

describe('event streams', () => {
  const open: OpenStream[] = [];
  afterAll(() => open.forEach((st) => st.close()));
  const stream = async (token: string) => {
    const st = await openEventStream(s.url, token);
    open.push(st);
    return st;
  };

  it(`at most ${STREAM_LIMITS.perUser} open streams per user; more are a 429 with a message until one closes`, async () => {
    const user = await s.createUser('seller');
    const mine = [];
    for (let i = 0; i < STREAM_LIMITS.perUser; i++) mine.push(await stream(user.token));
    expect(mine.map((st) => st.status)).toEqual(Array(STREAM_LIMITS.perUser).fill(200));
    const extra = await fetch(`${s.url}/api/events`, { headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' } });
    expect(extra.status).toBe(429);
    expect(((await extra.json()) as { message: string }).message).toBe(
      `At most ${STREAM_LIMITS.perUser} live update streams per user are open at once. Close another window or tab and try again.`,
    );
    // Someone else still gets one.
    expect((await stream(s.users.sellerB.token)).status).toBe(200);
    const before = s.app.services.events.openStreams();
    mine[0].close();
    while (s.app.services.events.openStreams() >= before) await new Promise((r) => setTimeout(r, 10));
    expect((await stream(user.token)).status).toBe(200);
  });

  it('open streams share the process’s one LISTEN connection (PostgreSQL), not one each', async () => {
    for (let i = 0; i < 3; i++) expect((await stream(s.users.manager.token)).status).toBe(200);
    if (s.database.kind !== 'postgres') return;
    const [row] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
    );
    expect(row.n).toBe(1);
  });

  it('the process has a cap over all users', async () => {
    const total = STREAM_LIMITS.total;
    STREAM_LIMITS.total = s.app.services.events.openStreams() + 1;
    try {
      expect((await stream(s.users.manager.token)).status).toBe(200);
      const over = await fetch(`${s.url}/api/events`, {
        headers: { authorization: `Bearer ${s.users.admin.token}`, accept: 'text/event-stream' },
      });
      expect(over.status).toBe(429);
      expect(((await over.json()) as { message: string }).message).toBe(
        'The server has too many live update streams open. Please try again in a minute.',
      );
    } finally {
      STREAM_LIMITS.total = total;
    }
  });

  it('an event id of 2^53 or more is a 422, not a 500', async () => {
    for (const after of ['10000000000000000', '9007199254740992']) {
      const r = await s.call('GET', `events?after=${after}`, { token: s.users.admin.token });
      expect(r.status, after).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['after']);
    }
    expect((await s.call('GET', 'events?after=9007199254740991', { token: s.users.admin.token })).status).toBe(200);
  });
});

describe('signed photo URLs', () => {
  it('the signature must be exactly what was signed, and the expiry at most 15 minutes ahead', async () => {
    const offer = await createOffer(s, rangeOffer({ title: 'Photos' }));
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 30 }, [JPEG]);
    const img = (await s.call('GET', `gift-card/${id}`, { token: s.users.sellerA.token })).body.images[0];
    expect((await s.app.inject({ method: 'GET', url: img.url })).statusCode).toBe(200);
    for (const junk of ['!', '%00', 'A', '=', '.', '%20']) {
      const r = await s.app.inject({ method: 'GET', url: img.url + junk });
      expect(r.statusCode, junk).toBe(403);
      expect(r.json().message).toBe('This image link is not valid or has expired. Reload the page.');
    }
    // A URL signed with the server's own key but expiring an hour from now was not made by it.
    const key = await loadImageUrlKey(s.database);
    const late = createImageSigner(key, () => Date.now() + 50 * 60_000).url(img.image, s.users.sellerA.id);
    expect((await s.app.inject({ method: 'GET', url: late })).statusCode).toBe(403);
    const now = createImageSigner(key).url(img.image, s.users.sellerA.id);
    expect((await s.app.inject({ method: 'GET', url: now })).statusCode).toBe(200);
  });
});

describe('bodies the client aborts', () => {
  it('five aborted bodies are five "client aborted" lines at info, none an error nor a database outage (issue 49)', async () => {
    const error = vi.spyOn(s.app.log, 'error');
    const info = vi.spyOn(s.app.log, 'info');
    try {
      for (let i = 0; i < 5; i++) {
        const { socket, answer } = stalled(
          'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
          '{"email":',
        );
        await new Promise((r) => setTimeout(r, 50));
        socket.destroy();
        await answer;
      }
      const aborted = () => info.mock.calls.filter((c) => c.includes('client aborted')).length;
      for (let t = 0; aborted() < 5 && t < 100; t++) await new Promise((r) => setTimeout(r, 20));
      expect(error.mock.calls.map((c) => c[1])).toEqual([]);
      expect(aborted()).toBe(5);
      expect((await s.call('GET', 'ping')).status).toBe(200);
    } finally {
      error.mockRestore();
      info.mockRestore();
    }
  });
});
