import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';
import { cardPhoto } from '../helpers/card-photo';
import { sellerResponseSchemas } from '../../src/shared/responses';
import { queueUnreadCards } from '../../src/server/modules/ocr/repository';

// Issue 32: the card number read off the photos (tesseract.js in this process's job runner).
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer({ config: { JOBS: true, JOB_POLL_MS: 200 } });
  offer = await createOffer(s, rangeOffer({ title: 'OCR', min_price: 1, max_price: 500, rate: 10 }));
});
afterAll(async () => s?.close());

/** The staff card answer once its photos are read (a few seconds on a busy machine). */
async function whenRead(id: number): Promise<Record<string, unknown>> {
  const until = Date.now() + 90_000;
  for (;;) {
    const r = await s.call('GET', `gift-card/${id}`, { token: s.users.admin.token });
    expect(r.status).toBe(200);
    if (r.body.data.read_status !== 'pending') return r.body.data;
    if (Date.now() > until) throw new Error(`card ${id} still pending`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('reading the card number off the photo', () => {
  let first: number;
  it('reads the printed number back exactly, keeps nothing else of the text, and only staff see it', async () => {
    first = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 }, [await cardPhoto('6035 1234 5678 9012')]);
    const pending = await s.call('GET', `gift-card/${first}`, { token: s.users.admin.token });
    expect(['pending', 'read']).toContain(pending.body.data.read_status);
    const card = await whenRead(first);
    expect(card.read_status).toBe('read');
    expect(card.read_number).toBe('6035123456789012');
    expect(card.read_image_id).toEqual(expect.any(Number));
    expect(card.read_confidence).toBeGreaterThan(50);
    // The PIN printed on the card is stored nowhere.
    const rows = await s.database.query(sql`SELECT r.*, j.* FROM card_number_reads r, jobs j`);
    expect(JSON.stringify(rows)).not.toContain('4821');
    const job = await s.database.query<{ status: string; attempts: number }>(
      sql`SELECT status, attempts FROM jobs WHERE kind = 'card-read' AND key = ${String(first)}`,
    );
    expect(job).toEqual([{ status: 'done', attempts: 1 }]);
    const mine = await s.call('GET', `gift-card/${first}`, { token: s.users.sellerA.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).not.toHaveProperty('read_number');
    expect(mine.body.data).not.toHaveProperty('read_status');
    expect(sellerResponseSchemas.getCard.safeParse(mine.body).success).toBe(true);
  });

  it('a second card whose photo shows the same number is a duplicate before any number is typed', async () => {
    const photo = await cardPhoto('6035-1234-5678-9012', { background: '#2e7d32', title: 'STORE CARD $25', pin: '9153' });
    const second = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 25 }, [photo]);
    expect((await whenRead(second)).read_number).toBe('6035123456789012');
    const d = await s.call('GET', `gift-card-duplicates/${second}`, { token: s.users.manager.token });
    expect(d.status).toBe(200);
    expect(d.body.numbers.map((n: { id: number; by: string }) => [n.id, n.by])).toEqual([[first, 'photo']]);
    expect(d.body.numbers[0].blocks).toBe(true);
    expect(d.body.differs_from_photo).toBe(false);
    // Both are marked in the staff list.
    const list = await s.call('GET', 'gift-card?page=1', { token: s.users.admin.token });
    const marks = new Map(list.body.data.map((c: { id: number; duplicate_count?: number }) => [c.id, c.duplicate_count]));
    expect(marks.get(first)).toBe(1);
    expect(marks.get(second)).toBe(1);
    // Approving it needs the override, as for a typed duplicate number.
    const approve = await s.call('POST', `gift-card-review/${second}`, { token: s.users.admin.token, body: { action: 'approve' } });
    expect(approve.status).toBe(409);
  });

  it('a photo of the same card design with another number is told apart from the same card', async () => {
    const third = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 50 }, [await cardPhoto('6035 9999 8888 7777')]);
    expect((await whenRead(third)).read_number).toBe('6035999988887777');
    const d = await s.call('GET', `gift-card-duplicates/${third}`, { token: s.users.admin.token });
    expect(d.body.numbers).toEqual([]);
    expect(d.body.images).toContainEqual(expect.objectContaining({ card_id: first, numbers_differ: true }));
  });

  it('a typed number that is not the one on the photo is flagged', async () => {
    const typedOther = await s.call('GET', `gift-card-duplicates/${first}?card_number=6035123456789099`, { token: s.users.admin.token });
    expect(typedOther.body.differs_from_photo).toBe(true);
    expect(typedOther.body.read_number).toBe('6035123456789012');
    const typedSame = await s.call('GET', `gift-card-duplicates/${first}?card_number=6035 1234 5678 9012`, { token: s.users.admin.token });
    expect(typedSame.body.differs_from_photo).toBe(false);
  });

  it('a photo without a card number reads as unreadable; the backlog is a staff figure', async () => {
    const blank = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 10 }, [await cardPhoto('no number here')]);
    const card = await whenRead(blank);
    expect(card.read_status).toBe('unreadable');
    expect(card.read_number).toBeNull();
    const staff = await s.call('GET', 'dashboard-figures', { token: s.users.admin.token });
    expect(staff.body.jobs_backlog).toBe(0);
    const seller = await s.call('GET', 'dashboard-figures', { token: s.users.sellerA.token });
    expect(seller.body).not.toHaveProperty('jobs_backlog');
  });

  it('the backfill queues the cards whose photos were never read (sent before OCR), and they are read', async () => {
    // A card as it was before migration 0024: no read, no job.
    await s.database.query(sql`DELETE FROM card_number_reads WHERE gift_card_id = ${first}`);
    expect(await queueUnreadCards(s.database.db)).toBe(1);
    expect(await queueUnreadCards(s.database.db)).toBe(0); // already waiting
    s.app.services.jobs.ring();
    expect((await whenRead(first)).read_number).toBe('6035123456789012');
  });
});
