import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { solidPng } from '../../src/server/modules/images/png';
import type { LiveEvent } from '../../src/shared/events';
import type { SellerLink } from '../../src/shared/types';
import { MSG } from '../../src/shared/messages';

/** Issue 54, linked sellers: each signal links two sellers once, staff read and mark links, sellers never see them. */
let s: TestServer;
let offer: number;
let fixtureOffer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Links offer' }));
  fixtureOffer = await insertOffer(s.database, { rateType: 1, rate: '0' });
});
afterAll(async () => s?.close());
afterEach(async () => checkLedgerInvariants(s.database));

const staff = () => s.users.admin.token;
let seq = 0;
/** A number no other test uses, and the same number written another way (the same key). */
const number = () => `LINK-${Date.now() % 100000}-${++seq}`;
const card = (seller: TestUser, fields: Record<string, string | number> = {}, images?: Buffer[]) =>
  submitCard(s, seller, { giftcard_offer_id: offer, price: 40, ...fields }, images);
const links = async (q: string, token = staff()): Promise<SellerLink[]> => {
  const r = await s.call('GET', `seller-links?${q}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const rowsBetween = (a: TestUser, b: TestUser) =>
  s.database.query<{ signal: string; n: number }>(
    sql`SELECT signal, count(*)::int AS n FROM seller_links
         WHERE seller_a = ${Math.min(a.id, b.id)} AND seller_b = ${Math.max(a.id, b.id)} GROUP BY signal ORDER BY signal`,
  );
const lastEventId = async () => (await s.call('GET', 'events', { token: staff() })).body.last_id as number;
const eventsAfter = async (from: number, token = staff()): Promise<LiveEvent[]> =>
  (await s.call('GET', `events?after=${from}`, { token })).body.events;
const linkedEvents = (events: LiveEvent[]) => events.filter((e) => e.type === 'seller.linked');

describe('a card number shared by two sellers', () => {
  it('links them once (the same key written another way), names both cards, and tells staff only', async () => {
    const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
    const n = number();
    const from = await lastEventId();
    const mine = await card(x, { card_number: n });
    expect(await links(`seller_id=${x.id}`)).toEqual([]);
    const theirs = await card(y, { card_number: n.toLowerCase().replaceAll('-', ' ') });
    const [link] = await links(`seller_id=${x.id}`);
    expect(link).toMatchObject({
      signal: 'card_number',
      seller_id: x.id,
      other_seller_id: y.id,
      other_seller_name: y.name,
      gift_card_id: mine,
      other_gift_card_id: theirs,
      transaction_id: null,
      known_good_at: null,
    });
    // Seen from the other side, and from either card's page.
    expect(await links(`seller_id=${y.id}`)).toEqual([
      { ...link, seller_id: y.id, other_seller_id: x.id, other_seller_name: x.name, gift_card_id: theirs, other_gift_card_id: mine },
    ]);
    expect((await links(`gift_card_id=${mine}`)).map((l) => l.id)).toEqual([link.id]);

    const staffSaw = linkedEvents(await eventsAfter(from));
    expect(staffSaw).toEqual([
      expect.objectContaining({
        seller_id: null,
        card_id: theirs,
        data: { link_id: link.id, signal: 'card_number', seller_a: Math.min(x.id, y.id), seller_b: Math.max(x.id, y.id) },
      }),
    ]);
    for (const seller of [x, y]) expect(linkedEvents(await eventsAfter(from, seller.token))).toEqual([]);

    // More cards of that number, from either seller: still one link, no second event.
    const again = await lastEventId();
    await card(y, { card_number: n });
    await card(x, { card_number: n });
    expect(await rowsBetween(x, y)).toEqual([{ signal: 'card_number', n: 1 }]);
    expect(linkedEvents(await eventsAfter(again))).toEqual([]);
  });

  it("a seller's own cards of one number link nobody; an edit to another seller's number links them", async () => {
    const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
    const n = number();
    await card(x, { card_number: n });
    await card(x, { card_number: n });
    expect(await links(`seller_id=${x.id}`)).toEqual([]);
    const other = await card(y, { card_number: number() });
    expect(await links(`seller_id=${y.id}`)).toEqual([]);
    // Staff correct the number (a seller's edit keeps it).
    const edit = await staffUpdate(s, other, { giftcard_offer_id: offer, price: 40, card_number: n, card_status: 0 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await links(`seller_id=${y.id}`)).map((l) => [l.signal, l.other_seller_id, l.gift_card_id])).toEqual([
      ['card_number', x.id, other],
    ]);
  });
});

describe('a photo shared by two sellers', () => {
  it('the same bytes link them; the same picture encoded otherwise (the same dHash) too; a blank picture does not', async () => {
    const [x, y, z] = [await s.createUser('seller'), await s.createUser('seller'), await s.createUser('seller')];
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#204080' },
    })
      .composite([{ input: solidPng(20, 30, [250, 240, 10]), left: 7 + (seq % 20), top: 5 }])
      .png({ compressionLevel: 9 })
      .toBuffer();
    const mine = await card(x, {}, [picture]);
    const theirs = await card(y, {}, [picture]);
    expect(await links(`gift_card_id=${theirs}`)).toEqual([
      expect.objectContaining({ signal: 'photo', seller_id: y.id, other_seller_id: x.id, gift_card_id: theirs, other_gift_card_id: mine }),
    ]);
    // The same pixels, other bytes: matched by the dHash.
    const recoded = await sharp(picture).png({ compressionLevel: 1 }).toBuffer();
    expect(recoded.equals(picture)).toBe(false);
    const third = await card(z, {}, [recoded]);
    expect((await links(`gift_card_id=${third}`)).map((l) => [l.signal, l.other_seller_id]).sort()).toEqual(
      [
        ['photo', x.id],
        ['photo', y.id],
      ].sort(),
    );
    // One colour, no detail (dHash 0): matched only by its bytes, so distinct blanks link nobody.
    const [p, q] = [await s.createUser('seller'), await s.createUser('seller')];
    await card(p, {}, [solidPng(30, 20, [1, 2, 3])]);
    await card(q, {}, [solidPng(31, 20, [1, 2, 3])]);
    expect(await links(`seller_id=${p.id}`)).toEqual([]);
  });
});

describe('a payout code behind two sellers', () => {
  it('a payout moved to another seller by an edit links the two (the same payout on both sides)', async () => {
    const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
    await insertCard(s.database, { sellerId: x.id, offerId: fixtureOffer, price: '30.00' });
    await insertCard(s.database, { sellerId: y.id, offerId: fixtureOffer, price: '30.00' });
    const code = `LINK-PAY-${Date.now()}`;
    const paid = await s.call('POST', 'transaction', { token: staff(), body: { code, transaction_amount: 10, seller_id: x.id } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${code}`);
    expect(await links(`seller_id=${x.id}`)).toEqual([]);
    const from = await lastEventId();
    const moved = await s.call('POST', `transaction-update/${t.id}`, {
      token: staff(),
      body: { code, transaction_amount: 10, seller_id: y.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await links(`seller_id=${x.id}`)).toEqual([
      expect.objectContaining({
        signal: 'payout_code',
        other_seller_id: y.id,
        transaction_id: t.id,
        other_transaction_id: t.id,
        gift_card_id: null,
      }),
    ]);
    expect(linkedEvents(await eventsAfter(from)).map((e) => [e.transaction_id, e.data.signal])).toEqual([[t.id, 'payout_code']]);
    for (const seller of [x, y]) expect(linkedEvents(await eventsAfter(from, seller.token))).toEqual([]);
  });

  it("a payout whose code read like an older one's (its key `<key>#<id>`) links its seller with the older payout's", async () => {
    const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
    const code = `LINK-OLD-${Date.now()}`;
    const key = code.replaceAll('-', '');
    // As migrations 0020 and 0028 left such payouts (inserted straight, without allocations: in a transaction rolled
    // back, so that the ledger stays whole).
    const session = await s.database.session();
    try {
      await session.query('BEGIN');
      const [older] = await session.query(
        'INSERT INTO transactions (code, code_norm, seller_id, transaction_amount) VALUES ($1, $2, $3, 1) RETURNING id',
        [code, key, x.id],
      );
      const [later] = await session.query(
        'INSERT INTO transactions (code, code_norm, seller_id, transaction_amount) VALUES ($1, $2, $3, 1) RETURNING id',
        [`${code} `, `${key}#${Number(older.id) + 1}`, y.id],
      );
      const found = await session.query(
        'SELECT seller_a, seller_b, transaction_a, transaction_b FROM seller_links WHERE signal = $1 AND $2 IN (seller_a, seller_b)',
        ['payout_code', y.id],
      );
      const [a, b] = x.id < y.id ? [older, later] : [later, older];
      expect(found).toEqual([
        {
          seller_a: Math.min(x.id, y.id),
          seller_b: Math.max(x.id, y.id),
          transaction_a: Number(a.id),
          transaction_b: Number(b.id),
        },
      ]);
    } finally {
      await session.query('ROLLBACK');
      await session.close();
    }
  });
});

describe('known-good', () => {
  it('staff mark a link known-good with a note (audited, once); the link stays, and new matches raise nothing', async () => {
    const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
    const n = number();
    await card(x, { card_number: n });
    await card(y, { card_number: n });
    const [link] = await links(`seller_id=${x.id}`);
    const mark = (token: string, body: Record<string, unknown> = { note: 'Same household, checked by phone' }) =>
      s.call('POST', `seller-link-known-good/${link.id}`, { token, body });

    expect((await mark(x.token)).status).toBe(403);
    const r = await mark(s.users.manager.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe(MSG.linkKnownGood);
    expect(r.body.data).toMatchObject({
      id: link.id,
      known_good_by: s.users.manager.id,
      known_good_by_name: s.users.manager.name,
      note: 'Same household, checked by phone',
    });
    expect(r.body.data.known_good_at).toEqual(expect.any(String));
    expect((await links(`seller_id=${y.id}`))[0]).toMatchObject({
      known_good_by: s.users.manager.id,
      note: 'Same household, checked by phone',
    });

    const audit = await s.database.query<{ actor_id: number; action: string; details: Record<string, unknown> }>(
      sql`SELECT actor_id, action, details FROM audit_log WHERE entity = 'seller_link' AND entity_id = ${link.id}`,
    );
    expect(audit).toEqual([
      {
        actor_id: s.users.manager.id,
        action: 'link_known_good',
        details: expect.objectContaining({ signal: 'card_number', note: 'Same household, checked by phone' }),
      },
    ]);
    const again = await mark(staff());
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(MSG.linkAlreadyKnownGood);
    expect((await s.call('POST', 'seller-link-known-good/999999', { token: staff(), body: {} })).status).toBe(404);

    const from = await lastEventId();
    await card(y, { card_number: n });
    expect(linkedEvents(await eventsAfter(from))).toEqual([]);
    expect(await rowsBetween(x, y)).toEqual([{ signal: 'card_number', n: 1 }]);
  });
});

describe('sellers never see links', () => {
  it('a seller asking for links, their own or anyone’s, or marking one, gets 403 and no link data', async () => {
    const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
    const n = number();
    const mine = await card(x, { card_number: n });
    await card(y, { card_number: n });
    const [link] = await links(`seller_id=${x.id}`);
    for (const url of [`seller-links?seller_id=${x.id}`, `seller-links?gift_card_id=${mine}`, `seller-links?seller_id=${y.id}`]) {
      const r = await s.call('GET', url, { token: x.token });
      expect(r.status, url).toBe(403);
      expect(JSON.stringify(r.body)).not.toContain(String(y.name));
      expect(r.body.data).toBeUndefined();
    }
    expect((await s.call('POST', `seller-link-known-good/${link.id}`, { token: x.token, body: {} })).status).toBe(403);
    // The card's own answer to its seller names no link, nor the other seller, either.
    const own = await s.call('GET', `gift-card/${mine}`, { token: x.token });
    expect(own.status).toBe(200);
    expect([...Object.keys(own.body), ...Object.keys(own.body.data)].filter((k) => /link/i.test(k))).toEqual([]);
    expect(JSON.stringify(own.body)).not.toContain(y.email);
  });

  it('an unknown seller or card is a 422 on its field; neither or both is a 422', async () => {
    expect((await s.call('GET', 'seller-links?seller_id=999999', { token: staff() })).body.errors).toHaveProperty('seller_id');
    expect((await s.call('GET', `seller-links?seller_id=${s.users.admin.id}`, { token: staff() })).status).toBe(422);
    expect((await s.call('GET', 'seller-links?gift_card_id=999999', { token: staff() })).body.errors).toHaveProperty('gift_card_id');
    expect((await s.call('GET', 'seller-links', { token: staff() })).status).toBe(422);
    expect((await s.call('GET', `seller-links?seller_id=1&gift_card_id=1`, { token: staff() })).status).toBe(422);
  });
});

describe("the migration's backfill", () => {
  it('finds again, from the cards, photos and payouts there, every link the writes made (one per pair and signal)', async () => {
    const before = await s.database.query(
      sql`SELECT seller_a, seller_b, signal FROM seller_links WHERE signal <> 'payout_code' OR transaction_a <> transaction_b ORDER BY 1, 2, 3`,
    );
    expect(before.length).toBeGreaterThan(3);
    const file = fs.readFileSync(path.join(__dirname, '../../src/server/db/migrations/0041_seller_links.sql'), 'utf8');
    const backfill = file.slice(file.indexOf('-- The links of the data already here'), file.indexOf('ANALYZE seller_links'));
    const session = await s.database.session();
    try {
      await session.query('BEGIN');
      await session.query('DELETE FROM seller_links');
      for (const statement of backfill.split(/;\s*\n/).filter((t) => /\bINSERT\b/.test(t))) await session.query(statement);
      const after = await session.query(
        'SELECT seller_a, seller_b, signal FROM seller_links WHERE signal <> $1 OR transaction_a <> transaction_b ORDER BY 1, 2, 3',
        ['payout_code'],
      );
      expect(after).toEqual(before);
    } finally {
      await session.query('ROLLBACK');
      await session.close();
    }
  });
});
