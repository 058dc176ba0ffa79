import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';

let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ min_price: 10, max_price: 1000, rate: 10 }));
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

const figures = async (token: string) => {
  const r = await s.call('GET', 'dashboard-figures', { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('dashboard figures', () => {
  it('staff see the marketplace, a seller only their own; money to the cent', async () => {
    const a = s.users.sellerA;
    const b = s.users.sellerB;
    const empty = await figures(s.users.admin.token);
    expect(empty).toEqual({
      scope: 'all',
      pending: 0,
      oldest_pending_at: null,
      overdue: 0,
      due: 0,
      paid_this_month: 0,
      clawed_back_this_month: 0,
      approved_this_month: 0,
      rejected_this_month: 0,
      jobs_backlog: 0,
      appeals_open: 0,
      appeals_overdue: 0,
      available_now: 0,
      on_hold: 0,
      hold_release: null,
    });

    const a1 = await submitCard(s, a, { giftcard_offer_id: offer, price: 100.1 }); // payable 90.09
    const a2 = await submitCard(s, a, { giftcard_offer_id: offer, price: 50 }); // rejected
    await submitCard(s, a, { giftcard_offer_id: offer, price: 20 }); // pending
    const b1 = await submitCard(s, b, { giftcard_offer_id: offer, price: 33.33 }); // payable 30.00 (29.997 -> rate 3.33)
    await submitCard(s, b, { giftcard_offer_id: offer, price: 40 }); // pending
    // The oldest pending card of all is B's second one once A's third is the younger: make A's older.
    await s.database.query(sql`UPDATE gift_cards SET created_at = now() - interval '3 days' WHERE seller_id = ${a.id} AND card_status = 0`);
    for (const id of [a1, b1])
      expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price: id === a1 ? 100.1 : 33.33, card_status: 1 })).status).toBe(200);
    expect((await staffUpdate(s, a2, { giftcard_offer_id: offer, price: 50, card_status: 2, rejection_reason: 'other' })).status).toBe(200);
    const paid = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: `DASH-${Date.now()}`, transaction_amount: '10.05', gidcard_id: a1 },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const [due] = await s.database.query<{ a: string; b: string }>(
      sql`SELECT (SELECT seller_due::text FROM users WHERE id = ${a.id}) AS a, (SELECT seller_due::text FROM users WHERE id = ${b.id}) AS b`,
    );
    const staff = await figures(s.users.manager.token);
    expect(staff).toMatchObject({ scope: 'all', pending: 2, approved_this_month: 2, rejected_this_month: 1, paid_this_month: 10.05 });
    expect(staff.due).toBe(Math.round((Number(due.a) + Number(due.b)) * 100) / 100);
    expect(Date.now() - Date.parse(staff.oldest_pending_at)).toBeGreaterThan(2.9 * 86_400_000);
    // No job runner in this test server: the five cards' photo reads wait (issue 32); staff only.
    expect(staff.jobs_backlog).toBe(5);

    const own = await figures(a.token);
    expect(own).toMatchObject({ scope: 'own', pending: 1, approved_this_month: 1, rejected_this_month: 1, paid_this_month: 10.05 });
    expect(own.due).toBe(Number(due.a));
    expect(own).not.toHaveProperty('jobs_backlog');
    const other = await figures(b.token);
    expect(other).toMatchObject({ scope: 'own', pending: 1, approved_this_month: 1, rejected_this_month: 0, paid_this_month: 0 });
    expect(other.due).toBe(Number(due.b));
    expect(Date.now() - Date.parse(other.oldest_pending_at)).toBeLessThan(86_400_000);
  });

  it('needs a token', async () => {
    expect((await s.call('GET', 'dashboard-figures')).status).toBe(401);
  });
});
