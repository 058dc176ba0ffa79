import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { takeUploadSlot, UPLOAD_LIMITS, uploadsInProgress } from '../../src/server/http/upload-slots';

describe('upload slots', () => {
  it('bound uploads per user and in total, and give the slot back once', () => {
    const mine = Array.from({ length: UPLOAD_LIMITS.perUser }, () => takeUploadSlot(1));
    expect(() => takeUploadSlot(1)).toThrow('Too many uploads at once');
    const others = Array.from({ length: UPLOAD_LIMITS.total - UPLOAD_LIMITS.perUser }, (_, i) => takeUploadSlot(100 + i));
    expect(() => takeUploadSlot(2)).toThrow('Too many uploads at once');
    mine[0]();
    mine[0](); // a second release changes nothing
    expect(() => takeUploadSlot(2)).not.toThrow();
    expect(() => takeUploadSlot(3)).toThrow('Too many uploads at once');
    for (const release of [...mine, ...others]) release();
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
});
