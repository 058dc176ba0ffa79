import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { testDbKind } from '../helpers/db';
import { checkLedgerInvariants } from '../helpers/invariants';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { MSG } from '../../src/shared/messages';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { DB_POOL_SIZE: 20 } });
});
afterAll(async () => s?.close());

// PGlite runs one statement at a time, so nothing can race there: this suite runs on PostgreSQL only (skipped, and counted as such, on PGlite).
describe.skipIf(testDbKind() !== 'postgres')('card edits racing payments', () => {
  afterEach(async () => checkLedgerInvariants(s.database));
  it('status changes and deletes interleaved with payments of the same seller never deadlock or overpay', async () => {
    const offer = await createOffer(s, rangeOffer({ min_price: 10, max_price: 100, rate: 10 }));
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 }));
    for (const id of ids) expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price: 20, card_status: 1 })).status).toBe(200);

    const work: Promise<{ status: number; body: any }>[] = [];
    ids.forEach((id, i) => {
      if (i % 2 === 0) work.push(staffUpdate(s, id, { giftcard_offer_id: offer, price: 20, card_status: 2 }, s.users.manager.token));
      else work.push(s.call('DELETE', `gift-card/${id}`, { token: s.users.admin.token }));
      work.push(
        s.call('POST', 'transaction', {
          token: s.users.admin.token,
          body: { code: `RACE-CARD-${i}`, transaction_amount: 5, gidcard_id: id },
        }),
      );
      if (i % 3 === 0)
        work.push(
          s.call('POST', 'bulk-payment', {
            token: s.users.admin.token,
            body: { seller_id: s.users.sellerA.id, paid_amount: 7, code: `RACE-BULK-${i}` },
          }),
        );
    });
    const results = await Promise.all(work);
    for (const r of results) {
      expect([200, 404, 422], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 422 && r.body.errors)
        expect(Object.keys(r.body.errors)).toEqual(['gidcard_id']); // the card was deleted first
      else if (r.status === 422) {
        const known = [MSG.cardHasPayments, MSG.cardNotApproved, MSG.bulkTooLarge, MSG.cardPaid, MSG.sellerNoDue] as string[];
        expect(known.includes(r.body.errorMsg) || /^Amount cannot be bigger \d/.test(r.body.errorMsg), JSON.stringify(r.body)).toBe(true);
      }
    }
    const rows = await s.database.query<{ id: number; card_status: number; paid: string; max: string }>(
      sql`SELECT id, card_status, paid_amount::text AS paid, (price - rate)::text AS max FROM gift_cards WHERE seller_id = ${s.users.sellerA.id}`,
    );
    for (const r of rows) {
      expect(Number(r.paid)).toBeLessThanOrEqual(Number(r.max));
      if (Number(r.paid) > 0) expect(r.card_status).toBe(1);
    }
    const [check] = await s.database.query<{ ok: boolean }>(sql`
      SELECT u.seller_due = COALESCE((SELECT sum(price - rate - paid_amount) FROM gift_cards g WHERE g.seller_id = u.id AND card_status = 1), 0)
         AND u.card_count = (SELECT count(*) FROM gift_cards g WHERE g.seller_id = u.id) AS ok
        FROM users u WHERE u.id = ${s.users.sellerA.id}`);
    expect(check.ok).toBe(true);
  });
});
