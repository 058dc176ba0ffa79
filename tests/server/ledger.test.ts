import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { allocationsOfCode, cardPaid, insertCard, insertOffer, sellerDueText, transactionByCode } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

let s: TestServer;
let offerId: number;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database);
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

let codeSeq = 0;
const code = () => `C-${++codeSeq}-${Math.random().toString(36).slice(2, 7)}`;
const card = (seller: TestUser | number, price: string, extra: { rate?: string; status?: 0 | 1 | 2; approvalDate?: string } = {}) =>
  insertCard(s.database, { sellerId: typeof seller === 'number' ? seller : seller.id, offerId, price, ...extra });
const pay = (body: Record<string, unknown>, token = s.users.admin.token) => s.call('POST', 'transaction', { token, body });
const bulk = (body: Record<string, unknown>, token = s.users.admin.token) => s.call('POST', 'bulk-payment', { token, body });
const expectRefusal = (r: { status: number; body: any }, text: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  expect(r.body).toMatchObject({ errorMsg: text, message: text });
};
const auditCount = async (action: string) =>
  Number(
    (
      await s.database.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'transaction' AND action = ${action}`,
      )
    )[0].n,
  );

describe('POST transaction with gidcard_id (pay one card)', () => {
  it('pays the card for admin and manager, with the seller taken from the card and an audit entry', async () => {
    const seller = await s.createUser('seller');
    const id = await card(seller, '100.00', { rate: '10.00' });
    const c1 = code();
    const before = await auditCount('pay_card');
    const r = await pay({ code: c1, transaction_amount: 30, gidcard_id: id, seller_id: s.users.sellerB.id });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('Transaction created successfully');
    expect(await cardPaid(s.database, id)).toBe('30.00');
    expect(await sellerDueText(s.database, seller.id)).toBe('60.00');
    expect(await transactionByCode(s.database, c1)).toMatchObject({
      seller_id: seller.id,
      amount: '30.00',
      gift_card_id: id,
      is_redeem: 0,
    });
    expect(await allocationsOfCode(s.database, c1)).toEqual([{ gift_card_id: id, amount: '30.00' }]);
    expect(await auditCount('pay_card')).toBe(before + 1);
    const [audit] = await s.database.query<{ actor_id: number; details: any }>(
      sql`SELECT actor_id, details FROM audit_log WHERE entity = 'transaction' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.actor_id).toBe(s.users.admin.id);
    expect(audit.details).toMatchObject({
      code: c1,
      seller_id: seller.id,
      transaction_amount: 30,
      allocations: [{ gift_card_id: id, amount: 30 }],
    });

    const m = await pay({ code: code(), transaction_amount: '20.5', gidcard_id: String(id) }, s.users.manager.token);
    expect(m.status).toBe(200);
    expect(await cardPaid(s.database, id)).toBe('50.50');
  });

  it('needs staff: 401 anonymous, 403 sellers', async () => {
    const id = await card(s.users.sellerA, '10.00');
    expect((await s.call('POST', 'transaction', { body: { code: code(), transaction_amount: 1, gidcard_id: id } })).status).toBe(401);
    for (const u of [s.users.sellerA, s.users.sellerB])
      expect((await pay({ code: code(), transaction_amount: 1, gidcard_id: id }, u.token)).status).toBe(403);
    expect(await cardPaid(s.database, id)).toBe('0.00');
  });

  it('refuses with the spec texts and records nothing', async () => {
    const seller = await s.createUser('seller');
    const pending = await card(seller, '10.00', { status: 0 });
    const rejected = await card(seller, '10.00', { status: 2 });
    const approved = await card(seller, '10.00');
    const used = code();
    expect((await pay({ code: used, transaction_amount: 1, gidcard_id: approved })).status).toBe(200);
    expectRefusal(await pay({ code: code(), transaction_amount: 1, gidcard_id: pending }), MSG.cardNotApproved);
    expectRefusal(await pay({ code: code(), transaction_amount: 1, gidcard_id: rejected }), MSG.cardNotApproved);
    expectRefusal(await pay({ code: '', transaction_amount: 1, gidcard_id: approved }), MSG.bulkNoCode);
    expectRefusal(await pay({ code: '   ', transaction_amount: 1, gidcard_id: approved }), MSG.bulkNoCode);
    expectRefusal(await pay({ transaction_amount: 1, gidcard_id: approved }), MSG.bulkNoCode);
    expectRefusal(await pay({ code: code(), transaction_amount: 0, gidcard_id: approved }), MSG.bulkZero);
    expectRefusal(await pay({ code: code(), transaction_amount: '0.00', gidcard_id: approved }), MSG.bulkZero);
    expectRefusal(await pay({ code: used, transaction_amount: 1, gidcard_id: approved }), MSG.codeUsed);
    expectRefusal(await pay({ code: ` ${used} `, transaction_amount: 1, gidcard_id: approved }), MSG.codeUsed);
    expectRefusal(await pay({ code: code(), transaction_amount: 9.01, gidcard_id: approved }), MSG.amountTooBig('9'));
    expect((await pay({ code: code(), transaction_amount: 9, gidcard_id: approved })).status).toBe(200);
    expectRefusal(await pay({ code: code(), transaction_amount: 1, gidcard_id: approved }), MSG.cardPaid);
    expect(await cardPaid(s.database, approved)).toBe('10.00');
    expect(await sellerDueText(s.database, seller.id)).toBe('0.00');
    const [{ n }] = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions WHERE seller_id = ${seller.id}`);
    expect(n).toBe(2);
  });

  it('validates fields: unknown card, bad amounts', async () => {
    const id = await card(s.users.sellerA, '10.00');
    const unknown = await pay({ code: code(), transaction_amount: 1, gidcard_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.gidcard_id).toBeTruthy();
    for (const bad of [-1, '1.001', 'abc', '1e3', true, null]) {
      const r = await pay({ code: code(), transaction_amount: bad, gidcard_id: id });
      expect(r.status, String(bad)).toBe(422);
      expect(r.body.errors.transaction_amount, String(bad)).toBeTruthy();
    }
    const longCode = await pay({ code: 'x'.repeat(101), transaction_amount: 1, gidcard_id: id });
    expect(longCode.status).toBe(422);
    expect(longCode.body.errors.code).toBeTruthy();
    expect(await cardPaid(s.database, id)).toBe('0.00');
  });

  it('is exact to the cent: 0.10 + 0.20 = 0.30; a due of 40.5 refuses 40.51 and takes 40.50', async () => {
    const seller = await s.createUser('seller');
    const small = await card(seller, '1.00');
    expect((await pay({ code: code(), transaction_amount: 0.1, gidcard_id: small })).status).toBe(200);
    expect((await pay({ code: code(), transaction_amount: '0.20', gidcard_id: small })).status).toBe(200);
    expect(await cardPaid(s.database, small)).toBe('0.30');
    expect(await sellerDueText(s.database, seller.id)).toBe('0.70');

    const big = await card(seller, '50.00', { rate: '9.50' });
    const r = await pay({ code: code(), transaction_amount: 40.51, gidcard_id: big });
    expectRefusal(r, 'Amount cannot be bigger 40.5');
    expect((await pay({ code: code(), transaction_amount: '40.50', gidcard_id: big })).status).toBe(200);
    expect(await cardPaid(s.database, big)).toBe('40.50');
    expect(await sellerDueText(s.database, seller.id)).toBe('0.70');
    const due = await s.call('GET', 'seller-due', { token: seller.token });
    expect(due.body).toEqual({ due: 0.7, available_now: 0.7, on_hold: 0, hold_release: null });
  });

  it('accepts a urlencoded form body', async () => {
    const id = await card(s.users.sellerA, '5.00');
    const c1 = code();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/transaction',
      payload: `code=${c1}&transaction_amount=1.25&gidcard_id=${id}&seller_id=${s.users.sellerA.id}`,
      headers: { authorization: `Bearer ${s.users.admin.token}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(await cardPaid(s.database, id)).toBe('1.25');
  });
});

describe('POST transaction without gidcard_id (payout to a seller)', () => {
  it('allocates oldest approval first, then lowest id, never to pending or rejected cards', async () => {
    const seller = await s.createUser('seller');
    const late = await card(seller, '10.00', { approvalDate: '2024-03-01T10:00:00Z' });
    const early1 = await card(seller, '10.00', { approvalDate: '2024-01-01T10:00:00Z' });
    const early2 = await card(seller, '10.00', { approvalDate: '2024-01-01T10:00:00Z' });
    const pending = await card(seller, '10.00', { status: 0 });
    const rejected = await card(seller, '10.00', { status: 2 });
    const c1 = code();
    const r = await pay({ code: c1, transaction_amount: '15.00', seller_id: seller.id });
    expect(r.status).toBe(200);
    expect(await allocationsOfCode(s.database, c1)).toEqual([
      { gift_card_id: early1, amount: '10.00' },
      { gift_card_id: early2, amount: '5.00' },
    ]);
    expect(await transactionByCode(s.database, c1)).toMatchObject({ seller_id: seller.id, amount: '15.00', gift_card_id: null });
    expect(await cardPaid(s.database, late)).toBe('0.00');
    expect(await cardPaid(s.database, pending)).toBe('0.00');
    expect(await cardPaid(s.database, rejected)).toBe('0.00');
    expect(await sellerDueText(s.database, seller.id)).toBe('15.00');

    expectRefusal(await pay({ code: code(), transaction_amount: '15.01', seller_id: seller.id }), 'Amount cannot be bigger 15');
    const c2 = code();
    expect((await pay({ code: c2, transaction_amount: '15', seller_id: String(seller.id) }, s.users.manager.token)).status).toBe(200);
    expect(await allocationsOfCode(s.database, c2)).toEqual([
      { gift_card_id: early2, amount: '5.00' },
      { gift_card_id: late, amount: '10.00' },
    ]);
    expect(await sellerDueText(s.database, seller.id)).toBe('0.00');
    expectRefusal(await pay({ code: code(), transaction_amount: '0.01', seller_id: seller.id }), 'Amount cannot be bigger 0');
  });

  it('needs a real seller', async () => {
    const missing = await pay({ code: code(), transaction_amount: 1 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.seller_id).toBeTruthy();
    for (const id of [s.users.manager.id, s.users.admin.id, 999999]) {
      const r = await pay({ code: code(), transaction_amount: 1, seller_id: id });
      expect(r.status).toBe(422);
      expect(r.body.errors.seller_id).toBeTruthy();
    }
  });
});

describe('POST bulk-payment', () => {
  it('pays oldest first with ONE transaction and answers Payment succeeded', async () => {
    const seller = await s.createUser('seller');
    const a = await card(seller, '20.00', { rate: '2.00', approvalDate: '2024-02-01T00:00:00Z' });
    const b = await card(seller, '30.00', { approvalDate: '2024-01-01T00:00:00Z' });
    const c1 = code();
    const r = await bulk({ seller_id: seller.id, paid_amount: 40, code: c1 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ msg: MSG.paymentSucceeded });
    expect(await allocationsOfCode(s.database, c1)).toEqual([
      { gift_card_id: b, amount: '30.00' },
      { gift_card_id: a, amount: '10.00' },
    ]);
    const [{ n }] = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions WHERE seller_id = ${seller.id}`);
    expect(n).toBe(1);
    expect(await sellerDueText(s.database, seller.id)).toBe('8.00');
    expect((await bulk({ seller_id: seller.id, paid_amount: '8.00', code: code() }, s.users.manager.token)).body).toEqual({
      msg: MSG.paymentSucceeded,
    });
    expect(await sellerDueText(s.database, seller.id)).toBe('0.00');
    expect(await auditCount('bulk_payment')).toBeGreaterThanOrEqual(2);
  });

  it('refuses with the spec texts', async () => {
    const seller = await s.createUser('seller');
    await card(seller, '10.00');
    const used = code();
    expect((await bulk({ seller_id: seller.id, paid_amount: 1, code: used })).status).toBe(200);
    expectRefusal(await bulk({ seller_id: seller.id, paid_amount: '9.01', code: code() }), MSG.bulkTooLarge);
    expectRefusal(await bulk({ seller_id: seller.id, paid_amount: 0, code: code() }), MSG.bulkZero);
    expectRefusal(await bulk({ seller_id: seller.id, paid_amount: 1, code: '' }), MSG.bulkNoCode);
    expectRefusal(await bulk({ seller_id: seller.id, paid_amount: 1 }), MSG.bulkNoCode);
    expectRefusal(await bulk({ seller_id: seller.id, paid_amount: 1, code: used }), MSG.codeUsed);
    const noDue = await s.createUser('seller');
    expectRefusal(await bulk({ seller_id: noDue.id, paid_amount: 1, code: code() }), MSG.bulkTooLarge);
    const notSeller = await bulk({ seller_id: s.users.manager.id, paid_amount: 1, code: code() });
    expect(notSeller.status).toBe(422);
    expect(notSeller.body.errors.seller_id).toBeTruthy();
    const invalid = await bulk({ paid_amount: 'x', code: code() });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['seller_id', 'paid_amount']));
    expect(await sellerDueText(s.database, seller.id)).toBe('9.00');
  });

  it('needs staff', async () => {
    const body = { seller_id: s.users.sellerA.id, paid_amount: 1, code: code() };
    expect((await s.call('POST', 'bulk-payment', { body })).status).toBe(401);
    expect((await bulk(body, s.users.sellerA.token)).status).toBe(403);
    expect((await bulk(body, s.users.sellerB.token)).status).toBe(403);
  });
});
