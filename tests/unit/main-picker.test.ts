import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_AGAIN } from '../../src/main/api-forwarder';
import { createFilePicker, sniffImageType } from '../../src/main/file-picker';
import { LIMITS } from '../../src/shared/limits';
import { MSG } from '../../src/shared/messages';
import { JPEG, WEBP } from '../helpers/cards';
import { PASSWORD } from '../helpers/server';
import { pngFiles, startDesktop, tempDir, type Desktop } from '../main/harness';

let d: Desktop;
let dir: string;
let offerId: number;
beforeAll(async () => {
  d = await startDesktop();
  dir = tempDir('gcbo-pick-');
  // Staff create the offer through the same forwarding path, then a seller signs in.
  expect((await d.session.login(d.server.users.admin.email, PASSWORD)).status).toBe(200);
  const created = await d.forward('createOffer', {
    body: { title: 'Desk offer', is_active: 1, price_type: 0, min_price: 10, max_price: 100, rate_type: 0, rate: 10 },
  });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const all = await d.forward('allOffers', {});
  offerId = (all.data as { id: number; title: string }[]).find((o) => o.title === 'Desk offer')!.id;
  await d.session.logout();
  expect((await d.session.login(d.server.users.sellerA.email, PASSWORD)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await d?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('native file picker', () => {
  it('asks for images only, single or multiple, and hands back ids with data: previews', async () => {
    const [a, b, c] = pngFiles(dir, 3);
    d.pick.choose([a, b, c]);
    const many = await d.picker.pick(null, true);
    expect(d.pick.asked.at(-1)).toMatchObject({
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Images', extensions: ['jpg', 'jpeg', 'png', 'webp'] }],
    });
    expect(many.map((f) => f.name)).toEqual(['photo-1.png', 'photo-2.png', 'photo-3.png']);
    for (const f of many) {
      expect(f.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(f.type).toBe('image/png');
      expect(f.size).toBe(fs.statSync(path.join(dir, f.name)).size);
      expect(
        Buffer.from(f.previewUrl.replace(/^data:image\/png;base64,/, ''), 'base64').equals(fs.readFileSync(path.join(dir, f.name))),
      ).toBe(true);
    }
    const one = await d.picker.pick(null, false);
    expect(d.pick.asked.at(-1)!.properties).toEqual(['openFile']);
    expect(one).toHaveLength(1);
    d.pick.choose([]);
    expect(await d.picker.pick(null, true)).toEqual([]); // cancelled
  });

  it('detects the type by content, not by name, and keeps at most the request limit', async () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    const fake = path.join(dir, 'fake.png');
    fs.writeFileSync(fake, 'not really an image');
    d.pick.choose([fake, ...pngFiles(dir, 12)]);
    const picked = await d.picker.pick(null, true);
    expect(picked).toHaveLength(LIMITS.uploads.imagesPerRequest.value);
    expect(picked[0]).toMatchObject({ name: 'fake.png', type: 'application/octet-stream', previewUrl: '' });
  });

  it('does not read a file over the size limit, and refuses to upload it without calling the API', async () => {
    const small = createFilePicker({ dialog: d.pick.dialog, maxBytes: 100 });
    const big = path.join(dir, 'big.png');
    fs.writeFileSync(big, Buffer.alloc(300, 7));
    d.pick.choose([big]);
    const [f] = await small.pick(null, false);
    expect(f.size).toBeGreaterThan(100);
    expect(f.previewUrl).toBe('');
    expect(small.get(f.id)!.bytes).toBeNull();
  });

  it('forgets ids after a while', async () => {
    let now = 1_000;
    const p = createFilePicker({ dialog: d.pick.dialog, ttlMs: 60_000, now: () => now });
    d.pick.choose(pngFiles(dir, 1));
    const [f] = await p.pick(null, false);
    expect(p.get(f.id)).toBeDefined();
    now += 60_001;
    expect(p.get(f.id)).toBeUndefined();
    expect(p.held()).toBe(0);
  });

  it('uploads picked files through forwarding: createCard builds gallery[0..n] and the real server stores them', async () => {
    const paths = pngFiles(dir, 2);
    d.pick.choose(paths);
    const files = await d.picker.pick(null, true);
    const r = await d.forward('createCard', {
      body: { giftcard_offer_id: offerId, price: 50, description: 'From the desktop picker' },
      files: { gallery: files.map((f) => ({ id: f.id, name: f.name })) },
    });
    expect(r.status, JSON.stringify(r.data)).toBe(200);

    const mine = await d.forward('myCards', { query: { page: 1 } });
    const card = (mine.data as { data: { data: { id: number; description: string }[] } }).data.data.find(
      (c) => c.description === 'From the desktop picker',
    )!;
    const detail = await d.forward('getCard', { id: card.id });
    const images = (detail.data as { images: { url: string }[] }).images;
    expect(images).toHaveLength(2);
    // The stored images are the bytes that were picked.
    const served = await Promise.all(
      images.map(async (img) => Buffer.from(await (await fetch(new URL(img.url, d.server.url))).arrayBuffer())),
    );
    expect(served.map((b) => b.toString('base64')).sort()).toEqual(paths.map((p) => fs.readFileSync(p).toString('base64')).sort());

    // Used ids are gone: sending them again is refused by main before any HTTP call.
    for (const f of files) expect(d.picker.get(f.id)).toBeUndefined();
    const before = d.requests();
    const again = await d.forward('createCard', {
      body: { giftcard_offer_id: offerId, price: 50 },
      files: { gallery: [{ id: files[0].id }] },
    });
    expect(again).toMatchObject({ status: 422, data: { errorMsg: PICK_AGAIN } });
    expect(d.requests()).toBe(before);
  });

  it('keeps the files when the server refuses the upload, so the form can be sent again', async () => {
    d.pick.choose(pngFiles(dir, 1));
    const files = await d.picker.pick(null, true);
    const gallery = files.map((f) => ({ id: f.id }));
    const refused = await d.forward('createCard', { body: { giftcard_offer_id: offerId, price: 500 }, files: { gallery } });
    expect(refused.status).toBe(422);
    expect((refused.data as { errorMsg: string }).errorMsg).toBe(MSG.priceNotInRange);
    expect(d.picker.get(files[0].id)).toBeDefined();
    const ok = await d.forward('createCard', { body: { giftcard_offer_id: offerId, price: 20 }, files: { gallery } });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
  });

  it('sends comment_image with a comment', async () => {
    const mine = await d.forward('myCards', { query: { page: 1 } });
    const cardId = (mine.data as { data: { data: { id: number }[] } }).data.data[0].id;
    d.pick.choose(pngFiles(dir, 1));
    const [img] = await d.picker.pick(null, false);
    const r = await d.forward('addComment', {
      id: cardId,
      body: { comment: 'Photo of the back' },
      files: { comment_image: [{ id: img.id }] },
    });
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    const list = await d.forward('listComments', { id: cardId, query: { page: 1 } });
    const c = (list.data as { data: { data: { comment: string; image_url: string | null }[] } }).data.data[0];
    expect(c.comment).toBe('Photo of the back');
    expect(c.image_url).toBeTruthy();
  });

  it('refuses an oversized picked file (over LIMITS.uploads.imageBytes) before calling the API', async () => {
    const big = path.join(dir, 'big2.png');
    fs.writeFileSync(big, Buffer.alloc(6 * 1024 * 1024, 1));
    d.pick.choose([big]);
    const [g] = await d.picker.pick(null, false);
    expect(g.previewUrl).toBe('');
    const before = d.requests();
    const r = await d.forward('createCard', { body: { giftcard_offer_id: offerId, price: 20 }, files: { gallery: [{ id: g.id }] } });
    expect(r).toMatchObject({ status: 422, data: { errorMsg: MSG.imageTooLarge } });
    expect(d.requests()).toBe(before);
  });
});
