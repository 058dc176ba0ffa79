import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCall } from '../../src/main/validate-args';
import { buildPath, type OperationName } from '../../src/shared/endpoints';
import { CARD_SORTS, MY_CARD_SORTS, OFFER_SORTS, SELLER_SORTS, TRANSACTION_SORTS, USER_SORTS } from '../../src/shared/list-queries';
import { createOffer, rangeOffer } from '../helpers/cards';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Main checks a list call's cursor with the server's own query schema: every cursor the server hands out passes
 * main's check (a `-approval_date` cursor is 76 characters, `review_due` 68; a 64-character cap once refused them).
 */
let s: TestServer;
const LISTS: [OperationName, readonly string[], 'staff' | 'seller'][] = [
  ['listCards', CARD_SORTS, 'staff'],
  ['myCards', MY_CARD_SORTS, 'seller'],
  ['listTransactions', TRANSACTION_SORTS, 'staff'],
  ['myTransactions', TRANSACTION_SORTS, 'seller'],
  ['sellerList', SELLER_SORTS, 'staff'],
  ['listUsers', USER_SORTS, 'staff'],
  ['listOffers', OFFER_SORTS, 'staff'],
];

beforeAll(async () => {
  s = await startTestServer();
  const offer = await createOffer(s, rangeOffer({ title: 'Cursor offer' }));
  for (let i = 0; i < 5; i++) await createOffer(s, rangeOffer({ title: `Cursor offer ${i}` }));
  for (let i = 0; i < 5; i++) await s.createUser('seller');
  const seller = s.users.sellerA.id;
  // Timestamps with microseconds, as PostgreSQL keeps them: the longest keys a cursor carries.
  await s.database.query(
    sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status, approval_date, review_due_at, created_at)
        SELECT ${offer}::int, ${seller}::int, 10 + g, 1, g % 2, t - interval '61 minutes', t - interval '7 minutes', t
          FROM generate_series(1, 12) g, LATERAL (SELECT timestamptz '2026-05-04 10:00:00.123456+00' - g * interval '1 hour 1 microsecond' AS t) x`,
  );
  await s.database.query(
    sql`INSERT INTO transactions (code, seller_id, transaction_amount, kind)
        SELECT 'CP-' || g, ${seller}::int, 1 + g, 0 FROM generate_series(1, 12) g`,
  );
}, 120_000);
afterAll(() => s?.close());

async function page(op: OperationName, token: string, query: Record<string, string | number>) {
  const r = await s.call('GET', buildPath(op, { query }), { token });
  expect(r.status, `${op} ${JSON.stringify(query)}: ${JSON.stringify(r.body)}`).toBe(200);
  return ('current_page' in r.body ? r.body : r.body.data) as { next_cursor?: string; prev_cursor?: string };
}

describe("main's check of a list call's cursor", () => {
  it.each(LISTS)('passes every cursor the server hands out for %s, on every sort', async (op, sorts, who) => {
    const token = who === 'seller' ? s.users.sellerA.token : s.users.admin.token;
    for (const sort of sorts) {
      const first = await page(op, token, { sort, per_page: 5, cursor: 'page' });
      expect(first.next_cursor, `${op} ${sort}`).toBeTruthy();
      const second = await page(op, token, { sort, per_page: 5, cursor: first.next_cursor! });
      expect(second.prev_cursor, `${op} ${sort}`).toBeTruthy();
      for (const cursor of [first.next_cursor!, second.prev_cursor!]) {
        const checked = checkCall(op, { query: { sort, per_page: 5, cursor } });
        expect(checked.ok, `${op} ${sort} ${cursor}: ${JSON.stringify(checked)}`).toBe(true);
      }
    }
  });

  it('the -approval_date and review_due cursors are longer than 64 characters (the case that once failed)', async () => {
    for (const sort of ['-approval_date', 'review_due']) {
      const first = await page('listCards', s.users.admin.token, { sort, per_page: 5, cursor: 'page' });
      expect(first.next_cursor!.length, sort).toBeGreaterThan(64);
    }
  });

  it("refuses what the server's schema refuses", () => {
    const long = 'A'.repeat(1501);
    for (const cursor of [long, 'not a cursor', 'e30']) {
      const checked = checkCall('listCards', { query: { cursor } });
      expect(checked.ok, cursor).toBe(false);
    }
  });
});
