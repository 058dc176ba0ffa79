import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { countRows, createOffer, form, gallery, png, rangeOffer } from '../helpers/cards';
import { parseCents } from '../../src/shared/money';
import { MSG } from '../../src/shared/messages';

// Issue 49: a client that lost the answer to its card submission and sends it again makes no second card.
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer());
});
afterAll(async () => s?.close());

const submit = (user: TestUser, key?: string) =>
  s.call('POST', 'gift-card', {
    token: user.token,
    body: form({ giftcard_offer_id: offer, price: 20, ...(key ? { idempotency_key: key } : {}) }, gallery(png())),
  });

describe('card submission with an idempotency key', () => {
  it('the same key twice makes one card and answers it both times; without a key two cards', async () => {
    const before = await countRows(s, 'gift_cards');
    const first = await submit(s.users.sellerA, 'retry-0001-abcdef');
    const again = await submit(s.users.sellerA, 'retry-0001-abcdef');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await countRows(s, 'gift_cards')).toBe(before + 1);
    expect((await submit(s.users.sellerA)).status).toBe(200);
    expect((await submit(s.users.sellerA)).status).toBe(200);
    expect(await countRows(s, 'gift_cards')).toBe(before + 3);
  });

  it('the same key sent twice at once makes one card; another seller’s same key is their own', async () => {
    const before = await countRows(s, 'gift_cards');
    const both = await Promise.all([submit(s.users.sellerB, 'at-once-0002'), submit(s.users.sellerB, 'at-once-0002')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1]!.body.id).toBe(both[0]!.body.id);
    const other = await submit(s.users.sellerA, 'at-once-0002');
    expect(other.status).toBe(200);
    expect(other.body.id).not.toBe(both[0]!.body.id);
    expect(await countRows(s, 'gift_cards')).toBe(before + 2);
  });

  it('a key that is not 8-64 letters, digits, dashes or underscores is a 422 on the field', async () => {
    for (const key of ['short', 'x'.repeat(65), 'has space in it', "quote'-in-it"]) {
      const r = await submit(s.users.sellerA, key);
      expect(r.status, key).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['idempotency_key']);
    }
  });

  it('past its answer’s deadline (the client gone) a submission stores nothing', async () => {
    const before = await countRows(s, 'gift_cards');
    const gone = new AbortController();
    gone.abort();
    const input = { giftcard_offer_id: offer, price: parseCents('20')!, idempotency_key: 'gone-0003-abcdef' };
    const files = [{ field: 'gallery', filename: 'a.png', data: png() }];
    await expect(s.app.services.cards.create(s.users.sellerA, input, files, gone.signal)).rejects.toMatchObject({
      status: 503,
      body: { message: MSG.uploadNotSaved },
    });
    expect(await countRows(s, 'gift_cards')).toBe(before);
    // Its retry is stored once.
    expect((await submit(s.users.sellerA, 'gone-0003-abcdef')).status).toBe(200);
    expect(await countRows(s, 'gift_cards')).toBe(before + 1);
  });
});
