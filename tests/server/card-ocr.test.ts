import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';
import { CODE_SHAPES, phonePhoto, photoSpec, randomCode, seeded, type CodeShape, type PhotoSpec } from '../../bench/phone-photos';
import { sellerResponseSchemas } from '../../src/shared/responses';
import { queueUnreadCards } from '../../src/server/modules/ocr/repository';
import { OCR_READER } from '../../src/server/modules/ocr/engine';
import { MIN_CONFIDENCE } from '../../src/server/modules/ocr/extract';

// Issues 32 and 52: the code read off phone-like photos (PaddleOCR in this process's job runner), cut to the offer's pattern.
let s: TestServer;
const offers = new Map<CodeShape | 'any', number>();
beforeAll(async () => {
  s = await startTestServer({ config: { JOBS: true, JOB_POLL_MS: 200 } });
  offers.set('any', await createOffer(s, rangeOffer({ title: 'Any code', min_price: 1, max_price: 500, rate: 10 })));
  for (const [shape, { pattern, luhn }] of Object.entries(CODE_SHAPES))
    offers.set(
      shape as CodeShape,
      await createOffer(
        s,
        rangeOffer({ title: shape, min_price: 1, max_price: 500, rate: 10, code_pattern: pattern, code_check: luhn ? 'luhn' : null }),
      ),
    );
}, 120_000);
afterAll(async () => s?.close());

/** The staff card answer once its photos are read (a few seconds each on a busy machine). */
async function whenRead(id: number): Promise<Record<string, unknown>> {
  const until = Date.now() + 180_000;
  for (;;) {
    const r = await s.call('GET', `gift-card/${id}`, { token: s.users.admin.token });
    expect(r.status).toBe(200);
    if (r.body.data.read_status !== 'pending') return { ...r.body.data, images: r.body.images };
    if (Date.now() > until) throw new Error(`card ${id} still pending`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

const printed = (spec: PhotoSpec) => spec.code.replace(/[^A-Z0-9]/g, '');
async function send(spec: PhotoSpec, offer = offers.get(spec.shape)!, seller = s.users.sellerA) {
  const photo = await phonePhoto(spec);
  return { id: await submitCard(s, seller, { giftcard_offer_id: offer, price: 50 }, [photo.jpeg]), photo };
}

describe('reading the code off a phone photo', () => {
  const sent: { spec: PhotoSpec; id: number; photo: Awaited<ReturnType<typeof phonePhoto>> }[] = [];

  it('reads every code shape back exactly, says where on which photo, and keeps nothing else of the text', async () => {
    for (let i = 0; i < Object.keys(CODE_SHAPES).length; i++) {
      const spec = { ...photoSpec(52, i), extras: true, tilt: (i % 2 ? 1 : -1) * (2 + i) };
      sent.push({ spec, ...(await send(spec)) });
    }
    for (const { spec, id, photo } of sent) {
      const card = await whenRead(id);
      expect(card.read_number, `${spec.shape} ${spec.code}`).toBe(printed(spec));
      expect(card.read_confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
      const images = card.images as { id: number }[];
      expect(card.read_image_id).toBe(images[0]!.id);
      // The box lands on the code: its centre within the code's printed bounds, its size of the same order.
      const box = card.read_box as { x: number; y: number; w: number; h: number };
      const [cx, cy] = [box.x + box.w / 2, box.y + box.h / 2];
      expect(cx).toBeGreaterThan(photo.box.x);
      expect(cx).toBeLessThan(photo.box.x + photo.box.w);
      expect(cy).toBeGreaterThan(photo.box.y);
      expect(cy).toBeLessThan(photo.box.y + photo.box.h);
      expect(box.w).toBeGreaterThan(photo.box.w * 0.6);
      expect(box.w).toBeLessThan(photo.box.w * 1.4);
    }
    // The PIN, the UPC and the help line printed beside each code are stored nowhere.
    const rows = JSON.stringify(await s.database.query(sql`SELECT r.*, j.* FROM card_number_reads r, jobs j`));
    for (const { photo } of sent) for (const other of photo.beside) expect(rows).not.toContain(other.replace(/\D/g, '').slice(0, 8));
    expect(rows).not.toContain(sent[0]!.photo.beside[0]);
    const mine = await s.call('GET', `gift-card/${sent[0]!.id}`, { token: s.users.sellerA.token });
    expect(mine.body.data).not.toHaveProperty('read_box');
    expect(sellerResponseSchemas.getCard.safeParse(mine.body).success).toBe(true);
  }, 600_000);

  it("a code that breaks its offer's pattern or check digit is unreadable", async () => {
    const spec = photoSpec(52, 0); // 16 digits
    const broken = printed(spec).slice(0, 15) + String((Number(printed(spec)[15]) + 1) % 10);
    const badCheck = await send({ ...spec, code: broken.replace(/(\d{4})(?=\d)/g, '$1 ') });
    const otherShape = await send(photoSpec(52, 3), offers.get('amazon')); // a Steam code on an Amazon offer
    for (const { id } of [badCheck, otherShape]) {
      const card = await whenRead(id);
      expect(card.read_status).toBe('unreadable');
      expect(card.read_number).toBeNull();
      expect(card.read_box).toBeNull();
    }
  }, 300_000);

  it('a wrong but confident read is impossible: the stored read is the printed code or none', async () => {
    const shapes = Object.keys(CODE_SHAPES) as CodeShape[];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...shapes), async (seed, shape) => {
        const r = seeded(seed);
        const spec: PhotoSpec = {
          ...photoSpec(seed, 0),
          shape,
          code: randomCode(r, shape),
          tilt: (r() * 2 - 1) * 12,
          blur: 0.3 + r() * 1.5,
          light: 0.5 + r() * 0.55,
          quality: 40 + Math.round(r() * 35),
        };
        const card = await whenRead((await send(spec)).id);
        expect([printed(spec), null]).toContain(card.read_number);
      }),
      { numRuns: 4 },
    );
  }, 600_000);

  it('a character read as its look-alike with nothing to catch it is unreadable: the scratched strip whose F reads as E', async () => {
    // The bench's photo 55, `B8SB NHFF SWB2 DTZ5` on a scratched strip (no check digit): the reader sees the second F
    // as an E (F its runner-up at about a quarter), with a mean probability of 96, above MIN_CONFIDENCE.
    const spec = photoSpec(52, 55);
    expect(spec.code).toBe('B8SB NHFF SWB2 DTZ5');
    const card = await whenRead((await send(spec)).id);
    expect(card.read_status).toBe('unreadable');
    expect(card.read_number).toBeNull();
  }, 300_000);

  it('a second card whose photo shows the same code is a duplicate before any number is typed; a typed other one is flagged', async () => {
    const first = sent[0]!;
    const again = await send({ ...first.spec, desk: 'wood', tilt: 4, light: 0.8 }, undefined, s.users.sellerB);
    expect((await whenRead(again.id)).read_number).toBe(printed(first.spec));
    const d = await s.call('GET', `gift-card-duplicates/${again.id}`, { token: s.users.manager.token });
    expect(d.body.numbers.map((n: { id: number; by: string }) => [n.id, n.by])).toEqual([[first.id, 'photo']]);
    const approve = await s.call('POST', `gift-card-review/${again.id}`, { token: s.users.admin.token, body: { action: 'approve' } });
    expect(approve.status).toBe(409);
    const typedOther = await s.call('GET', `gift-card-duplicates/${first.id}?card_number=6035123456789099`, { token: s.users.admin.token });
    expect(typedOther.body.differs_from_photo).toBe(true);
    const typedSame = await s.call('GET', `gift-card-duplicates/${first.id}?card_number=${encodeURIComponent(first.spec.code)}`, {
      token: s.users.admin.token,
    });
    expect(typedSame.body.differs_from_photo).toBe(false);
  }, 300_000);

  it("the backfill reads again what the old reader read, and the card's duplicate marks follow the new read", async () => {
    const [a, b] = [sent[1]!, sent[2]!];
    // As tesseract.js left it: b misread as a's number, so b was marked as a's duplicate.
    await s.database.query(
      sql`UPDATE card_number_reads SET number = r.number, number_key = r.number_key, reader = 'tesseract.js 7'
            FROM (SELECT number, number_key FROM card_number_reads WHERE gift_card_id = ${a.id}) r WHERE gift_card_id = ${b.id}`,
    );
    const before = await s.call('GET', `gift-card-duplicates/${b.id}`, { token: s.users.admin.token });
    expect(before.body.numbers.map((n: { id: number }) => n.id)).toEqual([a.id]);
    expect(await queueUnreadCards(s.database.db, OCR_READER)).toBe(1);
    expect(await queueUnreadCards(s.database.db, OCR_READER)).toBe(0); // already waiting
    s.app.services.jobs.ring();
    const until = Date.now() + 180_000;
    while ((await whenRead(b.id)).read_number !== printed(b.spec) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect((await whenRead(b.id)).read_number).toBe(printed(b.spec));
    const after = await s.call('GET', `gift-card-duplicates/${b.id}`, { token: s.users.admin.token });
    expect(after.body.numbers).toEqual([]);
    const [row] = await s.database.query<{ reader: string }>(sql`SELECT reader FROM card_number_reads WHERE gift_card_id = ${b.id}`);
    expect(row!.reader).toBe(OCR_READER);
  }, 300_000);

  it('an offer says what its codes look like: kept on edits that leave it out, cleared by null, checked', async () => {
    const id = offers.get('amazon')!;
    const get = async () => (await s.call('GET', `gift-card-offer/${id}`, { token: s.users.admin.token })).body.data;
    expect(await get()).toMatchObject({ code_pattern: 'XXXX-XXXXXX-XXXX', code_check: null });
    const body = rangeOffer({ title: 'amazon', min_price: 1, max_price: 500, rate: 10 });
    expect((await s.call('POST', `gift-card-offer-update/${id}`, { token: s.users.admin.token, body })).status).toBe(200);
    expect((await get()).code_pattern).toBe('XXXX-XXXXXX-XXXX');
    for (const bad of [{ code_pattern: 'XXXX_XXXX' }, { code_pattern: 'X'.repeat(41) }, { code_pattern: 'XXXX', code_check: 'luhn' }]) {
      const r = await s.call('POST', `gift-card-offer-update/${id}`, { token: s.users.admin.token, body: { ...body, ...bad } });
      expect(r.status, JSON.stringify(bad)).toBe(422);
    }
    const cleared = await s.call('POST', `gift-card-offer-update/${id}`, {
      token: s.users.admin.token,
      body: { ...body, code_pattern: null },
    });
    expect(cleared.status).toBe(200);
    expect((await get()).code_pattern).toBeNull();
  });

  it('a photo without a code reads as unreadable; the backlog is a staff figure', async () => {
    const blank = await send({ ...photoSpec(52, 2), code: 'no code here' }, offers.get('any'));
    expect((await whenRead(blank.id)).read_status).toBe('unreadable');
    const staff = await s.call('GET', 'dashboard-figures', { token: s.users.admin.token });
    expect(staff.body.jobs_backlog).toBe(0);
    const seller = await s.call('GET', 'dashboard-figures', { token: s.users.sellerA.token });
    expect(seller.body).not.toHaveProperty('jobs_backlog');
  }, 120_000);
});
