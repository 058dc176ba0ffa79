import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, JPEG, png, rangeOffer } from '../helpers/cards';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ listen: true });
});
afterAll(async () => s?.close());

const api = async (method: string, path: string, token: string, body?: FormData | object) => {
  const res = await fetch(`${s.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** A GET with the path sent byte for byte (fetch would normalise dot segments). */
const rawGet = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const u = new URL(s.url);
    const req = http.request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('a card from submission to approval over real HTTP', () => {
  it('seller submits with two images, staff numbers and approves it, the seller sees it approved and the images load', async () => {
    const offer = await createOffer(s, rangeOffer({ title: 'Amazon', min_price: 10, max_price: 500, rate: 7.5 }));
    const pngBytes = png();
    const fd = new FormData();
    fd.append('giftcard_offer_id', String(offer));
    fd.append('price', '123.45');
    fd.append('rate', '0.01');
    fd.append('card_number', '');
    fd.append('description', 'Two photos');
    fd.append('gallery[0]', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'front.png');
    fd.append('gallery[1]', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'back.jpg');
    const created = await api('POST', 'gift-card', s.users.sellerA.token, fd);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.msg).toBe('Gift card added successfully');

    const mine = await api('GET', 'my-giftcard?page=1', s.users.sellerA.token);
    const card = mine.body.data.data[0];
    expect(created.body.id).toBe(card.id);
    expect(card).toMatchObject({ price: 123.45, card_status: 0, card_number: null });

    // Staff review: the edit form sends every field as multipart, number and status included.
    const review = new FormData();
    for (const [k, v] of Object.entries({
      giftcard_offer_id: offer,
      price: '123.45',
      rate: '',
      description: 'Two photos',
      card_number: 'AMZ-0001-XYZ',
      card_status: 1,
    }))
      review.append(k, String(v));
    const approved = await api('POST', `gift-card-update/${card.id}`, s.users.manager.token, review);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // 123.45 x 7.5 % = 9.25875 -> 9.26; payable 114.19
    const seen = await api('GET', `gift-card/${card.id}`, s.users.sellerA.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      card_status: 1,
      card_number: 'AMZ-0001-XYZ',
      rate: 9.26,
      payable: 114.19,
      due: 114.19,
      title: 'Amazon',
      name: 'Seller A',
    });
    expect(seen.body.data.approval_date).toBeTruthy();
    const found = await api('POST', 'search-card-number', s.users.sellerA.token, { card_number: 'AMZ-0001-XYZ' });
    expect(found.body.data.id).toBe(card.id);
    const listed = await api('GET', 'gift-card?page=1', s.users.admin.token);
    expect(listed.body.data[0]).toMatchObject({ id: card.id, card_status: 1, email: s.users.sellerA.email });

    expect(seen.body.images).toHaveLength(2);
    const [front, back] = seen.body.images;
    const f = await fetch(`${s.url}${front.url}`);
    expect(f.status).toBe(200);
    expect(f.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await f.arrayBuffer()).equals(pngBytes)).toBe(true);
    const b = await fetch(`${s.url}${back.url}`);
    expect(b.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await b.arrayBuffer()).equals(JPEG)).toBe(true);
    // Without a signature for it, an image does not exist for the caller (403 either way, nothing revealed).
    expect((await fetch(`${s.url}/storage/images/00000000-0000-0000-0000-000000000000.png`)).status).toBe(403);
    expect((await fetch(`${s.url}${front.url.split('?')[0]}`)).status).toBe(403);
  });

  it('image paths cannot leave the images folder', async () => {
    for (const path of [
      '/storage/images/..%2f..%2fpackage.json',
      '/storage/images/../../package.json',
      '/storage/images/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/storage/images/%2e%2e/%2e%2e/package.json',
      '/storage/images/..\\..\\package.json',
      '/storage/images/%2e%2e%5c%2e%2e%5cpackage.json',
    ]) {
      const r = await rawGet(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.body, path).not.toContain('"dependencies"');
      expect(r.body, path).not.toContain('root:');
    }
  });
});
