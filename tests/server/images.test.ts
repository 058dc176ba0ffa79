import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  countRows,
  createOffer,
  storedNames,
  form,
  gallery,
  GIF,
  imagesDir,
  JPEG,
  png,
  rangeOffer,
  submitCard,
  WEBP,
} from '../helpers/cards';
import { inspectImage } from '../../src/server/modules/images/inspect';
import { pngHeaderOnly, solidPng } from '../../src/server/modules/images/png';
import { MSG } from '../../src/shared/messages';
import { LIMITS } from '../../src/shared/limits';
import { zeroPng } from '../helpers/bomb-png';

const refusedWith = (fn: () => unknown, text: string) => {
  try {
    fn();
  } catch (err) {
    expect((err as { status: number }).status).toBe(422);
    expect((err as { body: { errorMsg: string } }).body.errorMsg).toBe(text);
    return;
  }
  throw new Error('expected a refusal');
};

describe('inspectImage (content, not name)', () => {
  it('accepts real PNG, JPEG and WebP and reads their size from the header', () => {
    expect(inspectImage(solidPng(7, 5, [1, 2, 3]))).toEqual({ ext: 'png', width: 7, height: 5, decodedBytes: 7 * 5 * 3 });
    expect(inspectImage(JPEG)).toEqual({ ext: 'jpg', width: 16, height: 16, decodedBytes: 16 * 16 * 3 });
    expect(inspectImage(WEBP)).toEqual({ ext: 'webp', width: 16, height: 16, decodedBytes: 16 * 16 * 4 });
  });

  it('refuses other formats, text, truncated files and broken headers', () => {
    for (const data of [
      GIF,
      Buffer.from('hello, I am a text file'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
      pngHeaderOnly(10, 10), // header without pixel data / end chunk
      solidPng(4, 4, [0, 0, 0]).subarray(0, 40), // cut short
      pngHeaderOnly(0, 10),
      JPEG.subarray(0, 200), // no end marker
      JPEG.subarray(0, 12),
      WEBP.subarray(0, 60),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ]) {
      refusedWith(() => inspectImage(Buffer.from(data)), MSG.notAnImage);
    }
  });

  it('refuses pixel bombs from the header alone', () => {
    refusedWith(() => inspectImage(pngHeaderOnly(100000, 100000)), MSG.imageTooLarge);
    refusedWith(() => inspectImage(pngHeaderOnly(7000, 7000)), MSG.imageTooLarge);
    refusedWith(() => inspectImage(pngHeaderOnly(0xffffffff, 0xffffffff)), MSG.imageTooLarge);
  });

  it('refuses decompression bombs by their decoded size: 6300x6300 16-bit RGBA (under 40 MP, 317 MB decoded)', async () => {
    for (const interlaced of [true, false]) {
      const bomb = await zeroPng(6300, 6300, { interlaced });
      expect(bomb.length).toBeLessThan(400_000);
      refusedWith(() => inspectImage(bomb), MSG.imageTooLarge);
    }
    // As many pixels at 8 bits a channel are within the budget; so is a 16-bit picture of a quarter of them.
    expect(inspectImage(await zeroPng(6300, 6300, { bitDepth: 8 })).decodedBytes).toBe(6300 * 6300 * 4);
    expect(inspectImage(await zeroPng(3150, 3150)).decodedBytes).toBe(3150 * 3150 * 8);
    expect(LIMITS.images.decodedBytes.value).toBe(160_000_000);
  });
});

describe('uploads over the API', () => {
  let s: TestServer;
  let offer: number;
  beforeAll(async () => {
    s = await startTestServer();
    offer = await createOffer(s, rangeOffer());
  });
  afterAll(async () => s?.close());

  const snapshot = async () => ({
    cards: await countRows(s, 'gift_cards'),
    images: await countRows(s, 'gift_card_images'),
    files: await storedNames(s),
  });
  const submit = (images: { data: Buffer; name?: string; type?: string }[]) =>
    s.call('POST', 'gift-card', {
      token: s.users.sellerA.token,
      body: form(
        { giftcard_offer_id: offer, price: 20 },
        images.map((f, i) => ({ field: `gallery[${i}]`, ...f })),
      ),
    });

  it('refuses a text file named .png, a GIF and a bomb header, leaving nothing behind', async () => {
    await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 });
    const before = await snapshot();
    const text = await submit([{ data: Buffer.from('definitely not a picture\n'), name: 'card.png', type: 'image/png' }]);
    expect(text.status).toBe(422);
    expect(text.body.errorMsg).toBe(MSG.notAnImage);
    expect(text.body.errors.gallery).toEqual([MSG.notAnImage]);
    const gif = await submit([{ data: GIF, name: 'card.jpg', type: 'image/jpeg' }]);
    expect(gif.body.errorMsg).toBe(MSG.notAnImage);
    const bomb = await submit([{ data: png() }, { data: pngHeaderOnly(100000, 100000), name: 'bomb.png' }]);
    expect(bomb.status).toBe(422);
    expect(bomb.body.errorMsg).toBe(MSG.imageTooLarge);
    const truncated = await submit([{ data: pngHeaderOnly(20, 20) }]);
    expect(truncated.body.errorMsg).toBe(MSG.notAnImage);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses files over the size limit with a JSON 413', async () => {
    const before = await snapshot();
    const big = Buffer.concat([solidPng(2, 2, [9, 9, 9]), Buffer.alloc(LIMITS.uploads.imageBytes.value + 10)]);
    const r = await submit([{ data: big }]);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(MSG.imageTooLarge);
    expect(await snapshot()).toEqual(before);
  });

  it('11 files are a JSON 413 (not a 400 "could not be read")', async () => {
    const before = await snapshot();
    const r = await submit(Array.from({ length: 11 }, () => ({ data: png() })));
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('At most 10 images and 50 fields per request');
    expect(await snapshot()).toEqual(before);
  });

  it('judges each part by its first bytes as it arrives: a large non-image is refused on its field', async () => {
    const before = await snapshot();
    const r = await submit([{ data: png() }, { data: Buffer.alloc(4 * 1024 * 1024, 0x41), name: 'big.png' }, { data: png() }]);
    expect(r.status).toBe(422);
    expect(r.body.errors.gallery).toEqual([MSG.notAnImage]);
    expect(await snapshot()).toEqual(before);
  });

  it("never uses the client's file name as a path", async () => {
    const before = await storedNames(s);
    const r = await submit([
      { data: png(), name: '../../../escape.png' },
      { data: JPEG, name: '..\\..\\win.jpg' },
    ]);
    expect(r.status).toBe(200);
    const added = (await storedNames(s)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    for (const f of added) expect(f).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/);
    expect(fs.readdirSync(s.config.DATA_DIR).sort()).toEqual(s.app.services.images.kind === 'fs' ? ['images'] : []);
    expect(fs.existsSync(path.resolve(imagesDir(s), '../../../escape.png'))).toBe(false);
  });

  it('serves stored images and nothing outside the images folder', async () => {
    fs.writeFileSync(path.join(s.config.DATA_DIR, 'secret.txt'), 'TOP-SECRET');
    try {
      const id = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 30 }, [JPEG]);
      const img = (await s.call('GET', `gift-card/${id}`, { token: s.users.admin.token })).body.images[0];
      const res = await s.app.inject({ method: 'GET', url: img.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(JPEG)).toBe(true);
      for (const url of [
        '/storage/images/..%2fsecret.txt',
        '/storage/images/..%2f..%2fpackage.json',
        '/storage/images/%2e%2e/secret.txt',
        '/storage/images/%2e%2e%2fsecret.txt',
        '/storage/images/..%5csecret.txt',
        '/storage/images/....//secret.txt',
        '/storage/images/%252e%252e%252fsecret.txt',
        '/storage/images/',
      ]) {
        const r = await s.app.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(r.body, url).not.toContain('TOP-SECRET');
        expect(r.body, url).not.toContain('"dependencies"');
      }
    } finally {
      fs.rmSync(path.join(s.config.DATA_DIR, 'secret.txt'), { force: true });
    }
  });

  it('card photos are private: signed, short-lived, never cached, not for other origins', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 30 }, [JPEG]);
    const img = (await s.call('GET', `gift-card/${id}`, { token: s.users.sellerA.token })).body.images[0];
    expect(img.url).toMatch(/^\/storage\/images\/[0-9a-f-]+\.jpg\?u=\d+&exp=\d+&sig=[\w-]+$/);
    const ok = await s.app.inject({ method: 'GET', url: img.url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.headers['cross-origin-resource-policy']).toBe('same-origin');
    const bare = img.url.split('?')[0];
    const forged = img.url.replace(/sig=[\w-]+/, 'sig=AAAA');
    const otherUser = img.url.replace(/u=\d+/, `u=${s.users.sellerB.id}`);
    const otherImage = img.url.replace(/[0-9a-f-]{36}/, '00000000-0000-0000-0000-000000000000');
    for (const url of [bare, forged, otherUser, otherImage]) {
      const r = await s.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(403);
      expect(r.rawPayload.equals(JPEG), url).toBe(false);
    }
    const { createImageSigner } = await import('../../src/server/modules/images/signing');
    const key = Buffer.alloc(32, 7);
    const past = createImageSigner(key, () => Date.now() - 60 * 60_000).url(img.image, s.users.sellerA.id);
    const now = createImageSigner(key);
    expect(now.verify(img.image, Object.fromEntries(new URL(past, 'http://x').searchParams))).toBe(false);
    const fresh = now.url(img.image, s.users.sellerA.id);
    expect(now.verify(img.image, Object.fromEntries(new URL(fresh, 'http://x').searchParams))).toBe(true);
  });

  it('checks update and comment images the same way', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 });
    const before = await snapshot();
    const upd = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.sellerA.token,
      body: form({ giftcard_offer_id: offer, price: 25 }, gallery(Buffer.from('nope'))),
    });
    expect(upd.status).toBe(422);
    expect(upd.body.errorMsg).toBe(MSG.notAnImage);
    const comments = await countRows(s, 'gift_card_comments');
    const com = await s.call('POST', `add-gift-card/${id}`, {
      token: s.users.admin.token,
      body: form({ comment: 'look' }, [{ field: 'comment_image', data: pngHeaderOnly(100000, 100000) }]),
    });
    expect(com.status).toBe(422);
    expect(com.body.errorMsg).toBe(MSG.imageTooLarge);
    expect(com.body.errors.comment_image).toEqual([MSG.imageTooLarge]);
    expect(await countRows(s, 'gift_card_comments')).toBe(comments);
    expect(await snapshot()).toEqual(before);
    const stray = await s.call('POST', 'search-card-number', {
      token: s.users.admin.token,
      body: form({ card_number: 'x' }, gallery(png())),
    });
    expect(stray.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});
