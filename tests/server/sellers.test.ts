import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';

let s: TestServer;
let offerId: number;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database);
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

describe('GET seller-lists', () => {
  it('lists live sellers newest first, 10 a page, with their due from the ledger', async () => {
    await insertCard(s.database, { sellerId: s.users.sellerA.id, offerId, price: '50.00', rate: '9.50' });
    await insertCard(s.database, { sellerId: s.users.sellerA.id, offerId, price: '10.00', status: 0 });
    const extra = [];
    for (let i = 0; i < 10; i++) extra.push(await s.createUser('seller'));
    await insertCard(s.database, { sellerId: extra[0].id, offerId, price: '0.30' });
    const gone = await s.createUser('seller');
    expect((await s.call('DELETE', `users/${gone.id}`, { token: s.users.admin.token })).status).toBe(200);

    for (const token of [s.users.admin.token, s.users.manager.token]) {
      const p1 = await s.call('GET', 'seller-lists?page=1', { token });
      expect(p1.status).toBe(200);
      expect(p1.body).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2 });
      expect(p1.body.data.map((r: { id: number }) => r.id)).toEqual(extra.map((u) => u.id).reverse());
      expect(p1.body.data[9]).toEqual({
        id: extra[0].id,
        name: extra[0].name,
        email: extra[0].email,
        seller_due: 0.3,
        available_now: 0.3,
        on_hold: 0,
        hold_release: null,
        trust_score: 50,
        trust_band: 'normal',
      });
      const p2 = await s.call('GET', 'seller-lists?page=2', { token });
      expect(p2.body.data).toEqual([
        {
          id: s.users.sellerB.id,
          name: 'Seller B',
          email: s.users.sellerB.email,
          seller_due: 0,
          available_now: 0,
          on_hold: 0,
          hold_release: null,
          trust_score: 50,
          trust_band: 'normal',
        },
        {
          id: s.users.sellerA.id,
          name: 'Seller A',
          email: s.users.sellerA.email,
          seller_due: 40.5,
          available_now: 40.5,
          on_hold: 0,
          hold_release: null,
          trust_score: 50,
          trust_band: 'normal',
        },
      ]);
    }
    expect((await s.call('GET', 'seller-lists?page=3', { token: s.users.admin.token })).body.data).toEqual([]);
    expect((await s.call('GET', 'seller-lists?page=0', { token: s.users.admin.token })).status).toBe(422);
  });

  it('needs staff', async () => {
    expect((await s.call('GET', 'seller-lists?page=1')).status).toBe(401);
    for (const u of [s.users.sellerA, s.users.sellerB])
      expect((await s.call('GET', 'seller-lists?page=1', { token: u.token })).status).toBe(403);
  });
});

describe('GET seller-due', () => {
  it("answers the seller's own due, following payments; staff get 403", async () => {
    const seller = await s.createUser('seller');
    expect((await s.call('GET', 'seller-due', { token: seller.token })).body).toEqual({
      due: 0,
      available_now: 0,
      on_hold: 0,
      hold_release: null,
    });
    const cardId = await insertCard(s.database, { sellerId: seller.id, offerId, price: '25.00', rate: '2.50' });
    await insertCard(s.database, { sellerId: seller.id, offerId, price: '5.00', status: 2 });
    expect((await s.call('GET', 'seller-due', { token: seller.token })).body).toEqual({
      due: 22.5,
      available_now: 22.5,
      on_hold: 0,
      hold_release: null,
    });
    const pay = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: `due-${seller.id}`, transaction_amount: '0.01', gidcard_id: cardId },
    });
    expect(pay.status).toBe(200);
    expect((await s.call('GET', 'seller-due', { token: seller.token })).body).toEqual({
      due: 22.49,
      available_now: 22.49,
      on_hold: 0,
      hold_release: null,
    });
    const [{ due }] = await s.database.query<{ due: string }>(sql`SELECT seller_due::text AS due FROM users WHERE id = ${seller.id}`);
    expect(due).toBe('22.49');
    expect((await s.call('GET', 'seller-due', { token: s.users.sellerB.token })).body).toEqual({
      due: 0,
      available_now: 0,
      on_hold: 0,
      hold_release: null,
    });
    for (const u of [s.users.admin, s.users.manager]) expect((await s.call('GET', 'seller-due', { token: u.token })).status).toBe(403);
    expect((await s.call('GET', 'seller-due')).status).toBe(401);
  });
});
