import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';

// Findings of the outside review (issue 18), each checked here on PGlite and PostgreSQL.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

const pay = (body: Record<string, unknown>) => s.call('POST', 'transaction', { token: s.users.admin.token, body });
let seq = 0;
const code = () => `HARD-${Date.now()}-${++seq}`;

describe('amounts beyond the stored range', () => {
  it('a due above 10 digits is read exactly, never as 0; an 11-digit amount is a clear 422', async () => {
    const seller = await s.createUser('seller');
    const offer = await createOffer(s, rangeOffer({ title: 'Huge', min_price: 1, max_price: 9999999999.99, rate_type: 1, rate: 0.5 }));
    for (let i = 0; i < 2; i++) {
      const id = await submitCard(s, seller, { giftcard_offer_id: offer, price: '9999999999.99' });
      expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price: '9999999999.99', card_status: 1 })).status).toBe(200);
    }
    const due = await s.call('GET', 'seller-due', { token: seller.token });
    expect(due.body.due).toBe(19999999998.98);
    const sellers = await s.call('GET', 'seller-lists?page=1', { token: s.users.admin.token });
    expect(sellers.body.data.find((r: { id: number }) => r.id === seller.id).seller_due).toBe(19999999998.98);

    for (const amount of ['10000000000', 10000000000, '99999999999.99']) {
      const r = await pay({ code: code(), transaction_amount: amount, seller_id: seller.id });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.errors.transaction_amount).toEqual(['The transaction amount field may not be greater than 9999999999.99.']);
    }
    // A payout within the stored range against that due goes through and is checked against the real due.
    const ok = await s.call('POST', 'bulk-payment', {
      token: s.users.admin.token,
      body: { seller_id: seller.id, paid_amount: '9999999999.99', code: code() },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await s.call('GET', 'seller-due', { token: seller.token })).body.due).toBe(9999999998.99);
  });
});

describe('money read from the database', () => {
  it('a value that is not an amount is an error, not 0', async () => {
    const { centsOf } = await import('../../src/server/db/values');
    expect(centsOf('19999999998.98')).toBe(1999999999898);
    expect(centsOf('-40.50')).toBe(-4050);
    expect(() => centsOf('abc')).toThrow('not an amount of money');
    const [row] = await s.database.query<{ v: string }>(sql`SELECT (10::numeric ^ 12 - 0.01)::numeric(14,2)::text AS v`);
    expect(centsOf(row.v)).toBe(99999999999999);
  });
});

describe('settled and deleted', () => {
  async function approvedCard(seller: { id: number; token: string; email: string; name: string; role: 'seller' }, price = 100) {
    const offer = await createOffer(s, rangeOffer({ title: `Offer ${++seq}`, min_price: 1, max_price: 1000, rate: 10 }));
    const id = await submitCard(s, seller as never, { giftcard_offer_id: offer, price });
    expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price, card_status: 1 })).status).toBe(200);
    return id;
  }

  it('a redeemed payout cannot be edited or moved until staff reverse the redeem (audited)', async () => {
    const a = await s.createUser('seller');
    const b = await s.createUser('seller');
    await approvedCard(a);
    await approvedCard(b);
    const c = code();
    expect((await pay({ code: c, transaction_amount: 30, seller_id: a.id })).status).toBe(200);
    const [{ id }] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c}`);
    expect((await s.call('POST', `transaction-update/${id}`, { token: a.token, body: {} })).body.msg).toBe('REDEEM Status Updated.');
    const dueA = (await s.call('GET', 'seller-due', { token: a.token })).body.due;

    for (const body of [
      { code: c, transaction_amount: 10 },
      { code: c, transaction_amount: 30, seller_id: b.id },
    ]) {
      const r = await s.call('POST', `transaction-update/${id}`, { token: s.users.manager.token, body });
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.errorMsg).toBe('This payout is redeemed, so it is settled and cannot be changed. Reverse the redeem first.');
    }
    expect((await s.call('GET', 'seller-due', { token: a.token })).body.due).toBe(dueA);
    const [still] = await s.database.query<{ seller_id: number; is_redeem: number }>(
      sql`SELECT seller_id, is_redeem FROM transactions WHERE id = ${id}`,
    );
    expect(still).toEqual({ seller_id: a.id, is_redeem: 1 });

    // Staff reverse the redeem (recorded), then the correction goes through.
    const rev = await s.call('POST', `transaction-update/${id}`, { token: s.users.manager.token, body: { is_redeem: 0 } });
    expect(rev.status, JSON.stringify(rev.body)).toBe(200);
    const again = await s.call('POST', `transaction-update/${id}`, { token: s.users.manager.token, body: { is_redeem: 0 } });
    expect(again.body.errorMsg).toBe('This payout is not redeemed.');
    const [audit] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'transaction' AND entity_id = ${id} AND action = 'redeem_reversed'`,
    );
    expect(audit.n).toBe(1);
    const fixed = await s.call('POST', `transaction-update/${id}`, {
      token: s.users.manager.token,
      body: { code: c, transaction_amount: 10 },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const bad = await s.call('POST', `transaction-update/${id}`, { token: s.users.manager.token, body: { is_redeem: 1 } });
    expect(bad.status).toBe(422);
  });

  it('a card of a deleted seller cannot be paid with gidcard_id, like the other payment routes', async () => {
    const gone = await s.createUser('seller');
    const card = await approvedCard(gone);
    expect((await s.call('DELETE', `users/${gone.id}`, { token: s.users.admin.token })).status).toBe(200);
    const r = await pay({ code: code(), transaction_amount: 5, gidcard_id: card });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.errors.gidcard_id).toEqual(["This card's seller account is deleted: it cannot be paid."]);
    const payout = await pay({ code: code(), transaction_amount: 5, seller_id: gone.id });
    expect(payout.status).toBe(422);
    const [n] = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions WHERE seller_id = ${gone.id}`);
    expect(n.n).toBe(0);
  });
});
