import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { countRows, createOffer, storedNames, fixedOffer, form, gallery, png, rangeOffer, submitCard } from '../helpers/cards';
import { MSG } from '../../src/shared/messages';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('offers', () => {
  it('staff create range and fixed offers (JSON and multipart); fixed_price comes back as JSON text', async () => {
    const range = await createOffer(s, rangeOffer({ title: 'Amazon', min_price: '10.50', max_price: 200 }));
    const r = await s.call('POST', 'gift-card-offer', {
      token: s.users.manager.token,
      body: form({
        title: 'Steam',
        is_active: 0,
        price_type: 1,
        fixed_price: '[50, 25, 25.5, 50]',
        rate_type: 1,
        rate: '2.25',
        min_price: '',
        max_price: '',
      }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe('Gift card offer created successfully');
    const all = await s.call('GET', 'all-gift-card-offer', { token: s.users.sellerA.token });
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    const [steam, amazon] = all.body;
    expect(amazon).toEqual({
      id: range,
      title: 'Amazon',
      is_active: 1,
      price_type: 0,
      min_price: 10.5,
      max_price: 200,
      fixed_price: null,
      rate_type: 0,
      rate: 12.5,
      review_minutes: 60,
      code_pattern: null,
      code_check: null,
      hold_days: 0,
      version: 1,
    });
    expect(steam).toMatchObject({
      title: 'Steam',
      is_active: 0,
      price_type: 1,
      min_price: null,
      max_price: null,
      fixed_price: '[25,25.5,50]',
      rate_type: 1,
      rate: 2.25,
    });

    const one = await s.call('GET', `gift-card-offer/${steam.id}`, { token: s.users.sellerB.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: steam });
    expect((await s.call('GET', 'gift-card-offer/999999', { token: s.users.admin.token })).status).toBe(404);
  });

  it('validates offers with field errors', async () => {
    const t = s.users.admin.token;
    const cases: [Record<string, unknown>, string][] = [
      [rangeOffer({ title: '' }), 'title'],
      [rangeOffer({ min_price: undefined }), 'min_price'],
      [rangeOffer({ min_price: 0 }), 'min_price'],
      [rangeOffer({ min_price: '0.00' }), 'min_price'],
      [rangeOffer({ min_price: 50, max_price: 20 }), 'max_price'],
      [rangeOffer({ max_price: '12.345' }), 'max_price'],
      [rangeOffer({ rate: -1 }), 'rate'],
      [rangeOffer({ rate: 101 }), 'rate'],
      [rangeOffer({ is_active: 3 }), 'is_active'],
      [fixedOffer({ fixed_price: '[]' }), 'fixed_price'],
      [fixedOffer({ fixed_price: 'not json' }), 'fixed_price'],
      [fixedOffer({ fixed_price: '[10, 0]' }), 'fixed_price'],
      [fixedOffer({ fixed_price: '[25]', rate: 30 }), 'rate'],
    ];
    const before = await countRows(s, 'gift_card_offers');
    for (const [body, field] of cases) {
      const r = await s.call('POST', 'gift-card-offer', { token: t, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await countRows(s, 'gift_card_offers')).toBe(before);
  });

  it('only staff manage offers; everyone logged in reads them', async () => {
    const id = await createOffer(s, rangeOffer());
    const seller = s.users.sellerA.token;
    expect((await s.call('GET', 'gift-card-offer?page=1', { token: seller })).status).toBe(403);
    expect((await s.call('POST', 'gift-card-offer', { token: seller, body: rangeOffer() })).status).toBe(403);
    expect((await s.call('POST', `gift-card-offer-update/${id}`, { token: seller, body: rangeOffer() })).status).toBe(403);
    expect((await s.call('DELETE', `gift-card-offer/${id}`, { token: seller })).status).toBe(403);
    expect((await s.call('GET', 'all-gift-card-offer')).status).toBe(401);
    expect((await s.call('GET', `gift-card-offer/${id}`)).status).toBe(401);
  });

  it('lists 10 a page newest first with the total from the counter', async () => {
    const total = await countRows(s, 'gift_card_offers');
    for (let i = total; i < 12; i++) await createOffer(s, rangeOffer({ title: `Offer ${i}` }));
    const p1 = await s.call('GET', 'gift-card-offer?page=1', { token: s.users.manager.token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2 });
    const ids = p1.body.data.map((o: { id: number }) => o.id);
    expect(ids).toHaveLength(10);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect((await s.call('GET', 'gift-card-offer?page=2', { token: s.users.admin.token })).body.data).toHaveLength(2);
    expect((await s.call('GET', 'gift-card-offer?page=3', { token: s.users.admin.token })).body.data).toEqual([]);
    expect((await s.call('GET', 'gift-card-offer?page=0', { token: s.users.admin.token })).status).toBe(422);
  });

  it('edits an offer, switching price type', async () => {
    const id = await createOffer(s, rangeOffer({ title: 'Before' }));
    const r = await s.call('POST', `gift-card-offer-update/${id}`, {
      token: s.users.manager.token,
      body: fixedOffer({ title: 'After', fixed_price: [10, '20.5'], is_active: 0 }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe('Gift card offer updated successfully');
    const got = (await s.call('GET', `gift-card-offer/${id}`, { token: s.users.admin.token })).body.data;
    expect(got).toEqual({
      id,
      title: 'After',
      is_active: 0,
      price_type: 1,
      min_price: null,
      max_price: null,
      fixed_price: '[10,20.5]',
      rate_type: 1,
      rate: 3,
      review_minutes: 60,
      code_pattern: null,
      code_check: null,
      hold_days: 0,
      version: 2,
    });
    expect((await s.call('POST', 'gift-card-offer-update/999999', { token: s.users.admin.token, body: rangeOffer() })).status).toBe(404);
    expect(
      (await s.call('POST', `gift-card-offer-update/${id}`, { token: s.users.admin.token, body: rangeOffer({ min_price: 'x' }) })).status,
    ).toBe(422);
  });

  it('deletes an offer without cards; refuses one with cards (422 errorMsg)', async () => {
    const empty = await createOffer(s, rangeOffer({ title: 'Empty' }));
    const del = await s.call('DELETE', `gift-card-offer/${empty}`, { token: s.users.admin.token });
    expect(del.status).toBe(200);
    expect(del.body.msg).toBe('Gift card offer deleted successfully');
    expect((await s.call('GET', `gift-card-offer/${empty}`, { token: s.users.admin.token })).status).toBe(404);
    expect((await s.call('DELETE', `gift-card-offer/${empty}`, { token: s.users.admin.token })).status).toBe(404);

    const used = await createOffer(s, rangeOffer({ title: 'Used' }));
    await submitCard(s, s.users.sellerA, { giftcard_offer_id: used, price: 20 });
    const counter = async () =>
      Number((await s.database.query<{ v: number }>(sql`SELECT value::int AS v FROM counters WHERE name = 'offers'`))[0].v);
    const before = await counter();
    const refused = await s.call('DELETE', `gift-card-offer/${used}`, { token: s.users.manager.token });
    expect(refused.status).toBe(422);
    expect(refused.body.errorMsg).toBe(MSG.offerHasCards);
    expect(refused.body.message).toBe(MSG.offerHasCards);
    expect((await s.call('GET', `gift-card-offer/${used}`, { token: s.users.admin.token })).status).toBe(200);
    expect(await counter()).toBe(before);
    const audit = await s.database.query<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'offer' AND entity_id = ${empty} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('a delete racing card submissions either wins alone or is refused; never an orphan card or a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await createOffer(s, rangeOffer({ title: `Race ${round}` }));
      // Two sellers (each may send 2 uploads at once): three submissions racing the delete.
      const submit = (token: string) =>
        s.call('POST', 'gift-card', { token, body: form({ giftcard_offer_id: id, price: 20 }, gallery(png())) });
      const results = await Promise.all([
        submit(s.users.sellerA.token),
        submit(s.users.sellerB.token),
        s.call('DELETE', `gift-card-offer/${id}`, { token: s.users.admin.token }),
        submit(s.users.sellerA.token),
      ]);
      for (const r of results) expect([200, 422], JSON.stringify(r.body)).toContain(r.status);
      const del = results[2];
      const cards = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM gift_cards WHERE giftcard_offer_id = ${id}`);
      const offerLeft = (await s.call('GET', `gift-card-offer/${id}`, { token: s.users.admin.token })).status === 200;
      if (del.status === 200) {
        expect(offerLeft).toBe(false);
        expect(cards[0].n).toBe(0);
      } else {
        expect(del.body.errorMsg).toBe(MSG.offerHasCards);
        expect(offerLeft).toBe(true);
        expect(cards[0].n).toBeGreaterThan(0);
      }
      expect(cards[0].n).toBe(results.filter((r, i) => i !== 2 && r.status === 200).length);
    }
    // Refused submissions leave no file behind.
    expect(await storedNames(s)).toHaveLength(await countRows(s, 'gift_card_images'));
  });
});
