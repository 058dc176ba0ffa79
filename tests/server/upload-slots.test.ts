import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, form, gallery, png, rangeOffer, submitCard } from '../helpers/cards';
import { MSG } from '../../src/shared/messages';
import { takeUploadSlot, UPLOAD_LIMITS, uploadsInProgress } from '../../src/server/http/upload-slots';

describe('upload slots', () => {
  it('bound uploads per user and in total, keep a share for staff, and give the slot back once', () => {
    const { perUser, total, staffReserved } = UPLOAD_LIMITS;
    const mine = Array.from({ length: perUser }, () => takeUploadSlot(1));
    expect(() => takeUploadSlot(1)).toThrow('Too many uploads at once');
    const others = Array.from({ length: total - staffReserved - perUser }, (_, i) => takeUploadSlot(100 + i));
    // The sellers' share is taken: another seller waits, staff do not.
    expect(() => takeUploadSlot(2)).toThrow('Too many uploads at once');
    const staff = Array.from({ length: staffReserved }, (_, i) => takeUploadSlot(200 + i, true));
    expect(() => takeUploadSlot(300, true)).toThrow('Too many uploads at once');
    for (const release of staff) release();
    mine[0]();
    mine[0](); // a second release changes nothing
    const again = takeUploadSlot(2);
    expect(() => takeUploadSlot(3)).toThrow('Too many uploads at once');
    for (const release of [...mine, ...others, again]) release();
    expect(uploadsInProgress()).toBe(0);
  });
});

describe('concurrent uploads over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ listen: true });
  });
  afterAll(async () => s?.close());

  /** Starts a multipart upload and keeps it open (headers and the first bytes only). */
  function stalledUpload(token: string) {
    const url = new URL(s.url);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: '/api/gift-card',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz', 'transfer-encoding': 'chunked' },
    });
    const answer = new Promise<number>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
    });
    req.write('--xyz\r\nContent-Disposition: form-data; name="price"\r\n\r\n20\r\n');
    return { req, answer };
  }

  it('a third upload of one seller while two are still arriving is a 429; it works again once they end', async () => {
    const token = s.users.sellerA.token;
    // Counted from here: a slot another test's upload still holds in this process must not pass for one of these.
    const already = uploadsInProgress();
    const open = [stalledUpload(token), stalledUpload(token)];
    // Both are being read (their slots are held until their bodies end).
    while (uploadsInProgress() < already + 2) await new Promise((r) => setTimeout(r, 5));
    const third = await fetch(`${s.url}/api/gift-card`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new FormData(),
    });
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toBe(
      'Too many uploads at once. Please wait for the others to finish and try again.',
    );
    // Another seller is not held up by them.
    const other = await fetch(`${s.url}/api/gift-card`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.users.sellerB.token}` },
      body: new FormData(),
    });
    expect(other.status).toBe(422);
    for (const u of open) u.req.end('--xyz--\r\n');
    expect((await Promise.all(open.map((u) => u.answer))).every((c) => c === 422)).toBe(true);
    const after = await fetch(`${s.url}/api/gift-card`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new FormData(),
    });
    expect(after.status).toBe(422);
  });

  /** Issue 49: a multipart upload sending a PNG header, then one byte a second; resolves with its answer's status. */
  function tricklingUpload(token: string): Promise<number> {
    const { port } = new URL(s.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => {});
    socket.write(
      Buffer.from(
        `POST /api/gift-card HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 1000000\r\n\r\n' +
          '--xyz\r\nContent-Disposition: form-data; name="gallery[0]"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' +
          '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR',
        'latin1',
      ),
    );
    const drip = setInterval(() => socket.writable && socket.write('\x00'), 1000);
    return new Promise((resolve) =>
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
      }),
    );
  }

  it(
    'eight trickling uploads from four sellers: a staff comment photo goes at once, a fifth seller within seconds, the slow ones are cut with 408',
    { timeout: 30_000 },
    async () => {
      const offer = await createOffer(s, rangeOffer());
      const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 });
      const already = uploadsInProgress();
      const sellers = [s.users.sellerA, s.users.sellerB, await s.createUser('seller'), await s.createUser('seller')];
      const fifth = await s.createUser('seller');
      const slow = sellers.flatMap((u) => [tricklingUpload(u.token), tricklingUpload(u.token)]);
      // Every slot the sellers may hold is held.
      while (uploadsInProgress() < already + UPLOAD_LIMITS.total - UPLOAD_LIMITS.staffReserved) await new Promise((r) => setTimeout(r, 20));
      const started = Date.now();

      const comment = await fetch(`${s.url}/api/add-gift-card/${card}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.users.admin.token}` },
        body: form({ comment: 'look at the corner' }, [{ field: 'comment_image', data: png() }]),
      });
      expect(comment.status).toBe(200);

      let status = 0;
      while (Date.now() - started < UPLOAD_LIMITS.graceMs + 5_000) {
        const r = await fetch(`${s.url}/api/gift-card`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fifth.token}` },
          body: form({ giftcard_offer_id: offer, price: 20 }, gallery(png())),
          signal: AbortSignal.timeout(5_000),
        });
        status = r.status;
        await r.json(); // read, so the connection is free for the next try
        if (status === 200) break;
        expect(status).toBe(429);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);

      const answers = await Promise.all(slow);
      // Those that got a slot were cut for their pace (408); the others were refused at once (429).
      expect(answers.filter((a) => a === 408)).toHaveLength(UPLOAD_LIMITS.total - UPLOAD_LIMITS.staffReserved);
      expect(answers.every((a) => a === 408 || a === 429)).toBe(true);
      expect(Date.now() - started).toBeLessThan(UPLOAD_LIMITS.graceMs + 5_000);
      expect(uploadsInProgress()).toBe(already);
    },
  );

  it('a cut upload is answered in the API shape', async () => {
    const { port } = new URL(s.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.write(
      `POST /api/gift-card HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.users.sellerB.token}\r\n` +
        'Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 1000000\r\n\r\n--xyz\r\n',
    );
    await new Promise((r) => socket.on('close', r));
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ message: MSG.uploadTooSlow });
  });
});
