import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';

/** Seller statements: opening due, every change in order with the running due, closing due = seller-due. */
let s: TestServer;
let offerId: number;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database, { rateType: 1, rate: '0' });
});
afterAll(async () => s?.close());
afterEach(async () => checkLedgerInvariants(s.database));

const admin = () => s.users.admin.token;
const today = () => new Date().toISOString().slice(0, 10);
let seq = 0;
const statement = (who: string, q: Record<string, string | number>) =>
  s.call('GET', `seller-statement?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`, {
    token: who,
  });

async function approve(card: number, price: number) {
  const r = await s.call('POST', `gift-card-update/${card}`, {
    token: admin(),
    body: { giftcard_offer_id: offerId, price, card_status: 1 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('seller statement', () => {
  let seller: TestUser;
  it('lists approvals, payments (one event per payout), the clawback and its resolution, with running due', async () => {
    seller = await s.createUser('seller', 'Statement Seller');
    const a = await insertCard(s.database, { sellerId: seller.id, offerId, price: '30.00', status: 0 });
    const b = await insertCard(s.database, { sellerId: seller.id, offerId, price: '20.00', status: 0 });
    await approve(a, 30);
    await approve(b, 20);
    const code = `ST-${++seq}`;
    expect((await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 40, code } })).status).toBe(
      200,
    );
    expect((await s.call('POST', `gift-card-dispute/${a}`, { token: admin(), body: { reason: 'used' } })).status).toBe(200);
    expect((await s.call('POST', `gift-card-dispute-resolve/${a}`, { token: admin(), body: {} })).status).toBe(200);
    expect((await s.call('POST', `gift-card-dispute/${a}`, { token: admin(), body: { reason: 'used' } })).status).toBe(200);

    const r = await statement(seller.token, { start_date: today(), end_date: today() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ seller: { id: seller.id, name: 'Statement Seller' }, opening_due: 0 });
    expect(r.body.events.map((e: { kind: string; amount: number; due: number }) => [e.kind, e.amount, e.due])).toEqual([
      ['approved', 30, 30],
      ['approved', 20, 50],
      ['payment', -40, 10],
      ['disputed', -30, -20],
      ['resolved', 30, 10],
      ['disputed', -30, -20],
    ]);
    expect(r.body.events[2]).toMatchObject({ code, cards: 2, gift_card_id: null });
    expect(r.body.events[3]).toMatchObject({ gift_card_id: a, code: null });
    const due = (await s.call('GET', 'seller-due', { token: seller.token })).body.due;
    expect(r.body.closing_due).toBe(due);
    expect(due).toBe(-20);

    // Staff see the same statement by seller_id.
    const staff = await statement(s.users.manager.token, { start_date: today(), end_date: today(), seller_id: seller.id });
    expect(staff.body).toEqual(r.body);
  });

  it('opening due is everything before the start day; a past range closes at the due of its end day', async () => {
    const old = await s.createUser('seller');
    await insertCard(s.database, { sellerId: old.id, offerId, price: '15.00', approvalDate: '2026-01-10T12:00:00Z' });
    await insertCard(s.database, { sellerId: old.id, offerId, price: '5.00', approvalDate: '2026-02-10T12:00:00Z' });
    const jan = await statement(old.token, { start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(jan.body).toMatchObject({ opening_due: 0, closing_due: 15 });
    const feb = await statement(old.token, { start_date: '2026-02-01', end_date: '2026-02-28' });
    expect(feb.body).toMatchObject({ opening_due: 15, closing_due: 20 });
    expect(feb.body.events).toHaveLength(1);
  });

  it('a payout edit shows as reversed and paid again, and closes at seller-due', async () => {
    const seller2 = await s.createUser('seller');
    await insertCard(s.database, { sellerId: seller2.id, offerId, price: '25.00' });
    const code = `ST-${++seq}`;
    await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller2.id, paid_amount: 10, code } });
    const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${code}`);
    expect((await s.call('POST', `transaction-update/${t.id}`, { token: admin(), body: { code, transaction_amount: 12 } })).status).toBe(
      200,
    );
    const r = await statement(admin(), { start_date: today(), end_date: today(), seller_id: seller2.id });
    expect(r.body.events.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['approved', 25],
      ['payment', -10],
      ['payment_reversed', 10],
      ['payment', -12],
    ]);
    expect(r.body.closing_due).toBe(13);
  });

  it('refuses: another seller (403), staff without or with a non-seller id (422), reversed and too long ranges (422)', async () => {
    const other = s.users.sellerB;
    expect((await statement(other.token, { start_date: today(), end_date: today(), seller_id: seller.id })).status).toBe(403);
    const none = await statement(admin(), { start_date: today(), end_date: today() });
    expect(none).toMatchObject({ status: 422, body: { errors: { seller_id: ['The seller id field is required.'] } } });
    const staffId = await statement(admin(), { start_date: today(), end_date: today(), seller_id: s.users.manager.id });
    expect(staffId).toMatchObject({ status: 422, body: { errors: { seller_id: ['The selected seller id is invalid.'] } } });
    const reversed = await statement(admin(), { start_date: '2026-02-01', end_date: '2026-01-01', seller_id: seller.id });
    expect(Object.keys(reversed.body.errors)).toEqual(['end_date']);
    const long = await statement(admin(), { start_date: '2024-01-01', end_date: '2026-01-01', seller_id: seller.id });
    expect(Object.keys(long.body.errors)).toEqual(['end_date']);
  });
});

describe('statement CSV', () => {
  it('streams the statement as CSV: opening, events, closing; money as plain numbers; it parses back', async () => {
    const seller = await s.createUser('seller');
    const card = await insertCard(s.database, { sellerId: seller.id, offerId, price: '20.00' });
    const code = `=HYPERLINK("x")-${++seq}`;
    await s.call('POST', 'transaction', { token: admin(), body: { code, transaction_amount: 20, gidcard_id: card } });
    await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'used' } });
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/export/seller-statement?start_date=${today()}&end_date=${today()}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statement-seller-\d+-/);
    const { parse } = await import('csv-parse/sync');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.event, r.amount, r.due])).toEqual([
      ['opening_due', '', '0.00'],
      ['approved', '20.00', '20.00'],
      ['payment', '-20.00', '0.00'],
      ['disputed', '-20.00', '-20.00'],
      ['closing_due', '', '-20.00'],
    ]);
    // A payout code that a spreadsheet would run as a formula is neutralised.
    expect(rows[2].code).toBe(`'${code}`);
    expect(rows[1].date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Refusals are the statement's, as JSON.
    const other = await s.app.inject({
      method: 'GET',
      url: `/api/export/seller-statement?start_date=${today()}&end_date=${today()}&seller_id=${s.users.sellerA.id}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBeTypeOf('string');
  });
});
