import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, form, gallery, rangeOffer, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { dHash, hammingDistance } from '../../src/server/modules/images/hash';
import { shapeHashes } from '../../src/server/modules/images/shape-hash';
import { SIMILAR_IMAGE_BITS } from '../../src/server/modules/review/shape';
import { createJobRunner } from '../../src/server/modules/jobs/runner';
import { imageShapesJob } from '../../src/server/modules/images/shape-job';
import { IMAGE_SHAPES_JOB, queueImagesWithoutShapes } from '../../src/server/modules/images/shape-repository';

/** A "photo": smooth shapes from a seed (a card's picture, not noise), as raw RGB. */
function picture(seed: number, width = 480, height = 300): Promise<Buffer> {
  let state = seed;
  const rand = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const blobs = Array.from({ length: 7 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: 40 + rand() * 120,
    c: [rand(), rand(), rand()],
  }));
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const rgb = [0.2 + (0.5 * x) / width, 0.3, 0.6 - (0.4 * y) / height];
      for (const b of blobs) {
        const d = Math.hypot(x - b.x, y - b.y);
        if (d < b.r) for (let k = 0; k < 3; k++) rgb[k] = rgb[k]! * 0.3 + b.c[k]! * 0.7;
      }
      for (let k = 0; k < 3; k++) px[(y * width + x) * 3 + k] = Math.round(Math.min(1, rgb[k]!) * 255);
    }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

let s: TestServer;
let offer: number;
let original: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Photo offer' }));
  original = await picture(7);
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

const duplicates = async (id: number) => (await s.call('GET', `gift-card-duplicates/${id}`, { token: s.users.admin.token })).body;

describe('perceptual hashes', () => {
  it('a re-encoded, a resized and a slightly cropped copy stay within the threshold; a different photo does not', async () => {
    const h = await dHash(original);
    const reencoded = await sharp(original).webp({ quality: 40 }).toBuffer();
    const resized = await sharp(original).resize(200).png().toBuffer();
    const cropped = await sharp(original).extract({ left: 8, top: 5, width: 464, height: 290 }).jpeg({ quality: 70 }).toBuffer();
    for (const copy of [reencoded, resized, cropped]) expect(hammingDistance(h, await dHash(copy))).toBeLessThanOrEqual(SIMILAR_IMAGE_BITS);
    for (const seed of [8, 9, 10]) expect(hammingDistance(h, await dHash(await picture(seed)))).toBeGreaterThan(SIMILAR_IMAGE_BITS);
  });
});

/** Issue 32: simple edits of a photo (turned, mirrored, framed), each also re-encoded. */
const edits: Record<string, (img: Buffer) => Promise<Buffer>> = {
  mirrored: (img) => sharp(img).flop().jpeg({ quality: 80 }).toBuffer(),
  'turned 90': (img) => sharp(img).rotate(90).png().toBuffer(),
  'turned 180': (img) => sharp(img).rotate(180).jpeg({ quality: 75 }).toBuffer(),
  'turned 270': (img) => sharp(img).rotate(270).webp({ quality: 70 }).toBuffer(),
  'upside-down mirror': (img) => sharp(img).flip().png().toBuffer(),
  framed: (img) => sharp(img).extend({ top: 40, bottom: 40, left: 60, right: 60, background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(),
  'framed in black and resized': (img) =>
    sharp(img).extend({ top: 25, bottom: 25, left: 25, right: 25, background: '#000000' }).resize(300).png().toBuffer(),
};
/** The closest of the copy's 8 shape hashes to the original's upright one. */
const shapeDistance = async (a: Buffer, b: Buffer) => {
  const [upright] = await shapeHashes(a);
  return Math.min(...(await shapeHashes(b)).map((h) => hammingDistance(upright!, h)));
};

describe('shape hashes', () => {
  it('a mirrored, turned or framed copy is within the threshold; different photos are not', async () => {
    for (const [name, edit] of Object.entries(edits))
      expect(await shapeDistance(original, await edit(original)), name).toBeLessThanOrEqual(SIMILAR_IMAGE_BITS);
    for (const seed of [8, 9, 10, 11, 12]) {
      const other = await picture(seed);
      expect(await shapeDistance(original, other), `seed ${seed}`).toBeGreaterThan(SIMILAR_IMAGE_BITS);
      expect(await shapeDistance(original, await edits.mirrored!(other)), `seed ${seed} mirrored`).toBeGreaterThan(SIMILAR_IMAGE_BITS);
    }
  });
});

describe('duplicate photos on cards', () => {
  it('flags the new card with a link to the earlier one: the same file, a re-encoded copy, a resized copy; not a different photo', async () => {
    const first = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 }, [original]);
    const stored = await s.database.query<{ sha256: string; dhash: string }>(
      sql`SELECT sha256, dhash::text FROM gift_card_images WHERE gift_card_id = ${first}`,
    );
    expect(stored[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].dhash).toMatch(/^-?\d+$/);

    const same = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [original]);
    const reencoded = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [
      await sharp(original).webp({ quality: 50 }).toBuffer(),
    ]);
    const resized = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 }, [
      await sharp(original).resize(240, 150).png().toBuffer(),
    ]);
    const different = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [await picture(99)]);

    const onSame = await duplicates(same);
    expect(onSame.images).toContainEqual(expect.objectContaining({ card_id: first, kind: 'same', distance: 0, name: 'Seller A' }));
    for (const id of [reencoded, resized]) {
      const d = await duplicates(id);
      expect(d.images).toContainEqual(expect.objectContaining({ card_id: first, kind: 'similar' }));
      expect(d.images.find((m: { card_id: number }) => m.card_id === first).distance).toBeLessThanOrEqual(SIMILAR_IMAGE_BITS);
    }
    // The earlier card sees the later ones too; the different photo matches nothing.
    expect((await duplicates(first)).images.map((m: { card_id: number }) => m.card_id)).toEqual(
      expect.arrayContaining([same, reencoded, resized]),
    );
    expect((await duplicates(different)).images).toEqual([]);
    // A seller never sees the matches.
    expect((await s.call('GET', `gift-card-duplicates/${same}`, { token: s.users.sellerB.token })).status).toBe(403);
  });

  it('flags mirrored, turned and framed copies as edited copies, each earlier card once; not a different photo', async () => {
    const base = await picture(31);
    const first = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 }, [base, await edits.framed!(base)]);
    for (const [name, edit] of Object.entries(edits)) {
      const copy = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [await edit(base)]);
      const found = (await duplicates(copy)).images.filter((m: { card_id: number }) => m.card_id === first);
      // Two photos of the first card match: the card is listed once, with its closest photo.
      expect(found, name).toHaveLength(1);
      expect(['similar', 'edited'], name).toContain(found[0].kind);
    }
    const turned = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [await sharp(base).rotate(90).toBuffer()]);
    expect((await duplicates(turned)).images).toContainEqual(expect.objectContaining({ card_id: first, kind: 'edited' }));
    const other = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [await picture(77)]);
    expect((await duplicates(other)).images).toEqual([]);
  });

  it('each duplicate carries the photo to compare, signed for the caller: the matching photos, a same-number card its first', async () => {
    const admin = s.users.admin;
    const base = await picture(41);
    const first = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 }, [base, await picture(42)]);
    const copy = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [
      await picture(43),
      await sharp(base).flop().png().toBuffer(),
    ]);
    const photosOf = async (id: number): Promise<{ id: number; url: string }[]> =>
      (await s.call('GET', `gift-card/${id}`, { token: admin.token })).body.images;
    const [firstPhotos, copyPhotos] = [await photosOf(first), await photosOf(copy)];
    const path = (url: string) => url.split('?')[0];
    const served = async (url: string) => {
      const r = await s.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      return r.rawPayload;
    };

    // By photo: this card's matching photo (its second) and the other card's (its first), both served to the caller.
    const match = (await duplicates(copy)).images.find((m: { card_id: number }) => m.card_id === first);
    expect(path(match.image_url)).toBe(path(copyPhotos[1]!.url));
    expect(path(match.matched_image_url)).toBe(path(firstPhotos[0]!.url));
    expect(match.matched_image_url).toContain(`u=${admin.id}&`);
    expect((await served(match.matched_image_url)).equals(await served(firstPhotos[0]!.url))).toBe(true);
    const back = (await duplicates(first)).images.find((m: { card_id: number }) => m.card_id === copy);
    expect(path(back.matched_image_url)).toBe(path(copyPhotos[1]!.url));

    // By number: the other card's first photo.
    for (const id of [first, copy]) {
      const r = await s.call('POST', `gift-card-update/${id}`, {
        token: admin.token,
        body: { giftcard_offer_id: offer, price: 40, card_number: 'PHOTO-4141-4141' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const byNumber = (await duplicates(copy)).numbers.find((d: { id: number }) => d.id === first);
    expect(byNumber.by).toBe('number');
    expect(path(byNumber.image_url)).toBe(path(firstPhotos[0]!.url));
    await served(byNumber.image_url);
  });

  it('photos added on an edit are hashed too; an image bomb is refused before any decoding', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 }, [await picture(123)]);
    const edit = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.sellerA.token,
      body: form({ giftcard_offer_id: offer, price: 40 }, gallery(await sharp(original).jpeg({ quality: 30 }).toBuffer())),
    });
    expect(edit.status).toBe(200);
    const rows = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM gift_card_images WHERE gift_card_id = ${id} AND dhash IS NOT NULL AND sha256 IS NOT NULL`,
    );
    expect(rows[0].n).toBe(2);
    // A PNG header declaring 10000 x 10000 pixels: refused by the header check (the decoder never sees it).
    const bomb = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(10000, 16);
    bomb.writeUInt32BE(10000, 20);
    const r = await s.call('POST', 'gift-card', {
      token: s.users.sellerA.token,
      body: form({ giftcard_offer_id: offer, price: 40 }, gallery(bomb)),
    });
    expect(r.status).toBe(422);
  });
});

describe('photos stored before shape hashes (migration 0024)', () => {
  it('the backfill hashes them, so a mirrored copy sent for another card is flagged', async () => {
    const base = await picture(51);
    const old = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 }, [base]);
    // As the photo was before 0024: no shape hashes.
    await s.database.query(sql`UPDATE gift_card_images SET shape_hashes = NULL WHERE gift_card_id = ${old}`);
    const mirrored = () => sharp(base).flop().jpeg({ quality: 85 }).toBuffer();
    const before = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [await mirrored()]);
    expect((await duplicates(before)).images).toEqual([]); // missed: the gap the backfill closes

    expect(await queueImagesWithoutShapes(s.database.db)).toBe(1);
    expect(await queueImagesWithoutShapes(s.database.db)).toBe(0); // already waiting
    const runner = createJobRunner(
      s.database,
      { [IMAGE_SHAPES_JOB]: imageShapesJob(s.database, s.app.services.images) },
      { leaseSeconds: 60 },
    );
    expect(await runner.drain()).toBe(1);
    const [row] = await s.database.query<{ n: number }>(
      sql`SELECT cardinality(shape_hashes)::int AS n FROM gift_card_images WHERE gift_card_id = ${old}`,
    );
    expect(row.n).toBe(8);
    expect(await queueImagesWithoutShapes(s.database.db)).toBe(0); // nothing left to hash

    const after = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 40 }, [await mirrored()]);
    for (const id of [after, before])
      expect((await duplicates(id)).images).toContainEqual(expect.objectContaining({ card_id: old, kind: 'edited' }));
  });
});
