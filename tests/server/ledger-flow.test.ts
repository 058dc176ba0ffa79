import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants, checkReportRollup } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

/** The whole payment flow over real HTTP: approve, pay a card partly, bulk-pay the rest, redeem, report. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ listen: true });
});
afterAll(async () => s?.close());

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${s.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return { status: res.status, body: (await res.json()) as any };
}

describe('approve, pay, bulk-pay, redeem, report', () => {
  it('takes the seller due to 0 and shows it all to the seller and in the charts', async () => {
    const admin = s.users.admin.token;
    const seller = await s.createUser('seller', 'Flow Seller');
    const offerId = await insertOffer(s.database, { rateType: 1, rate: '3.00' });
    const first = await insertCard(s.database, { sellerId: seller.id, offerId, price: '30.00', rate: '3.00', status: 0 });
    const second = await insertCard(s.database, { sellerId: seller.id, offerId, price: '20.50', rate: '3.00', status: 0 });
    expect((await api('GET', 'seller-due', seller.token)).body).toEqual({ due: 0, available_now: 0, on_hold: 0, hold_release: null });

    // Paying a pending card is refused.
    const early = await api('POST', 'transaction', admin, {
      code: 'FLOW-0',
      transaction_amount: 1,
      gidcard_id: first,
      seller_id: seller.id,
    });
    expect(early).toMatchObject({ status: 422, body: { errorMsg: MSG.cardNotApproved } });

    for (const [id, price] of [
      [first, 30],
      [second, 20.5],
    ] as const) {
      const r = await api('POST', `gift-card-update/${id}`, s.users.manager.token, { giftcard_offer_id: offerId, price, card_status: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect((await api('GET', 'seller-due', seller.token)).body).toEqual({ due: 44.5, available_now: 44.5, on_hold: 0, hold_release: null });

    const part = await api('POST', 'transaction', admin, {
      code: 'FLOW-1',
      transaction_amount: '10.25',
      gidcard_id: first,
      seller_id: seller.id,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect((await api('GET', 'seller-due', seller.token)).body).toEqual({
      due: 34.25,
      available_now: 34.25,
      on_hold: 0,
      hold_release: null,
    });
    const listed = (await api('GET', 'seller-lists?page=1', admin)).body.data.find((r: { id: number }) => r.id === seller.id);
    expect(listed).toEqual({
      id: seller.id,
      name: 'Flow Seller',
      email: seller.email,
      // Issue 54: a seller scored by nobody yet has the score of an empty history.
      trust_score: 50,
      trust_band: 'normal',
      seller_due: 34.25,
      available_now: 34.25,
      on_hold: 0,
      hold_release: null,
    });

    expect((await api('POST', 'bulk-payment', admin, { seller_id: seller.id, paid_amount: 34.26, code: 'FLOW-2' })).body.errorMsg).toBe(
      MSG.bulkTooLarge,
    );
    expect((await api('POST', 'bulk-payment', admin, { seller_id: seller.id, paid_amount: 34.25, code: 'FLOW-2' })).body).toEqual({
      msg: MSG.paymentSucceeded,
    });
    expect((await api('GET', 'seller-due', seller.token)).body).toEqual({ due: 0, available_now: 0, on_hold: 0, hold_release: null });
    expect((await api('GET', 'seller-lists?page=1', admin)).body.data.find((r: { id: number }) => r.id === seller.id).seller_due).toBe(0);
    expect((await api('POST', 'transaction', admin, { code: 'FLOW-3', transaction_amount: 1, gidcard_id: first })).body.errorMsg).toBe(
      MSG.cardPaid,
    );

    const mine = await api('GET', 'my-transaction?page=1', seller.token);
    expect(mine.body.data.total).toBe(2);
    expect(
      mine.body.data.data.map((t: { code: string; transaction_amount: number; is_redeem: number }) => [
        t.code,
        t.transaction_amount,
        t.is_redeem,
      ]),
    ).toEqual([
      ['FLOW-2', 34.25, 0],
      ['FLOW-1', 10.25, 0],
    ]);
    for (const t of mine.body.data.data)
      expect((await api('POST', `transaction-update/${t.id}`, seller.token)).body).toEqual({ msg: MSG.redeemUpdated });
    const after = await api('GET', 'my-transaction?page=1', seller.token);
    expect(after.body.data.data.map((t: { is_redeem: number }) => t.is_redeem)).toEqual([1, 1]);
    const staffView = await api('GET', 'transaction?page=1', admin);
    expect(
      staffView.body.data
        .filter((t: { seller: { id: number } }) => t.seller.id === seller.id)
        .map((t: { is_redeem: number }) => t.is_redeem),
    ).toEqual([1, 1]);

    const [{ day, before, next }] = await s.database.query<{ day: string; before: string; next: string }>(sql`
      SELECT d::text AS day, (d - 1)::text AS before, (d + 1)::text AS next
        FROM (SELECT (approval_date AT TIME ZONE 'UTC')::date AS d FROM gift_cards WHERE id = ${first}) x`);
    const daily = await api('POST', 'chart-data', seller.token, { start_date: before, end_date: next, seller_id: 0 });
    expect(daily.body).toEqual({ lableArray: [before, day, next], approvalArray: [0, 2, 0], rejectionArray: [0, 0, 0] });
    expect((await api('POST', 'chart-data', admin, { start_date: before, end_date: next, seller_id: 0 })).body.approvalArray).toEqual([
      0, 2, 0,
    ]);
    expect(
      (await api('POST', 'chart-data', s.users.sellerA.token, { start_date: before, end_date: next, seller_id: seller.id })).body
        .approvalArray,
    ).toEqual([0, 0, 0]);
    expect((await api('GET', `chart-data?start_date=${before}&end_date=${next}`, admin)).body).toEqual({
      approved: [{ approval_date: day, total: 2 }],
      rejected: [],
    });
    const yearly = await api('POST', 'chart-data-yearly', seller.token, {
      start_date: `${day.slice(0, 4)}-01-01`,
      end_date: `${day.slice(0, 4)}-12-31`,
      seller_id: seller.id,
    });
    expect(yearly.body.approvalArray[Number(day.slice(5, 7)) - 1]).toBe(2);

    await checkLedgerInvariants(s.database);
    await checkReportRollup(s.database);
  });
});
