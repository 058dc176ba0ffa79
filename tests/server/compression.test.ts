import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { JPEG, createOffer, rangeOffer, submitCard } from '../helpers/cards';
import { openEventStream } from '../helpers/event-stream';

/** API JSON answers above 1 KB are compressed by Accept-Encoding; small ones, photos and the event stream are not. */
describe('compressed answers', () => {
  let s: TestServer;
  let offer: number;
  beforeAll(async () => {
    s = await startTestServer({ listen: true });
    offer = await createOffer(s, rangeOffer({ title: 'Compressed offer' }));
    for (let i = 0; i < 12; i++) await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 + i }, [JPEG]);
  });
  afterAll(async () => s?.close());

  const get = (url: string, encoding: string) =>
    s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.users.admin.token}`, 'accept-encoding': encoding } });

  it('a list page above 1 KB comes gzip or brotli compressed, and reads back the same', async () => {
    const plain = await get('/api/gift-card?per_page=25', 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gz = await get('/api/gift-card?per_page=25', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.payload));
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const br = await get('/api/gift-card?per_page=25', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.payload));
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('a small answer is sent as it is', async () => {
    const small = await get('/api/ping', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('a card photo (already compressed) is sent as stored', async () => {
    const id = (await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerA.token })).body.data.data[0].id;
    const img = (await s.call('GET', `gift-card/${id}`, { token: s.users.admin.token })).body.images[0];
    const res = await s.app.inject({ method: 'GET', url: img.url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(JPEG)).toBe(true);
  });

  it('a CSV export streams as it is, whatever the client accepts (no compressor between the rows and the reply)', async () => {
    const plain = await get('/api/export/gift-card', 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/export/gift-card', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/csv/);
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(br.payload).toBe(plain.payload);
  });

  it('the event stream is not compressed or buffered: its first frame arrives while it stays open', async () => {
    const st = await openEventStream(s.url, s.users.admin.token, { 'accept-encoding': 'gzip, br' });
    try {
      expect(st.status).toBe(200);
      await st.waitFor(() => true);
      const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 99 }, [JPEG]);
      await st.waitFor((f) => f.event === 'message' && f.data.includes(String(card)));
    } finally {
      st.close();
    }
  });
});
