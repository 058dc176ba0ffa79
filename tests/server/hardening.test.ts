import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
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
  async function approvedCard(seller: TestUser, price = 100) {
    const offer = await createOffer(s, rangeOffer({ title: `Offer ${++seq}`, min_price: 1, max_price: 1000, rate: 10 }));
    const id = await submitCard(s, seller, { giftcard_offer_id: offer, price });
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

describe('input the database cannot take is a 4xx on its field', () => {
  it('a NUL character in any text field, login included, is a 422 naming the field', async () => {
    const login = await s.call('POST', 'login', { body: { email: 'a\u0000@example.com', password: 'x' } });
    expect(login.status).toBe(422);
    expect(login.body.errors).toEqual({ email: ['The email field may not contain a NUL character.'] });
    const search = await s.call('POST', 'search-card-number', { token: s.users.admin.token, body: { card_number: '\u0000' } });
    expect(search.status).toBe(422);
    expect(search.body.errors.card_number).toEqual(['The card number field may not contain a NUL character.']);
    const user = await s.call('POST', 'users', {
      token: s.users.admin.token,
      body: { name: 'Nul\u0000Name', email: 'nul@example.com', role: 'seller', password: 'secret1' },
    });
    expect(user.status).toBe(422);
    expect(Object.keys(user.body.errors)).toEqual(['name']);
    const q = await s.call('GET', 'chart-data?start_date=2026-01-01%00&end_date=2026-01-02', { token: s.users.admin.token });
    expect(q.status).toBe(422);
  });

  it('dates in year 0 or far in the future are a 422 on the date, for every report call', async () => {
    const t = s.users.admin.token;
    for (const [start, end] of [
      ['0000-01-01', '0000-12-31'],
      ['2026-01-01', '9999-12-31'],
    ]) {
      const bad = start < '1900' ? 'start_date' : 'end_date';
      for (const r of [
        await s.call('POST', 'chart-data', { token: t, body: { start_date: start, end_date: end, seller_id: 0 } }),
        await s.call('POST', 'chart-data-yearly', { token: t, body: { start_date: start, end_date: end, seller_id: 0 } }),
        await s.call('GET', `chart-data?start_date=${start}&end_date=${end}`, { token: t }),
      ]) {
        expect(r.status, JSON.stringify(r.body)).toBe(422);
        expect(r.body.errors[bad]).toContain(`The ${bad.replace('_', ' ')} field must be between 1900-01-01 and 2999-12-31.`);
      }
    }
  });

  it('a malformed path is answered in the API error shape; a long password gets the right message', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/gift-card/%zz',
      headers: { authorization: `Bearer ${s.users.admin.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid.' });
    const long = await s.call('POST', 'login', { body: { email: s.users.admin.email, password: 'x'.repeat(1025) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.password).toEqual(['The password field may not be greater than 1024 characters.']);
  });
});

describe('JSON money judged by its source text', () => {
  it('59.909999999999999999 or 1e1 is refused as more than 2 decimals, though the float reads 59.91', async () => {
    const seller = await s.createUser('seller');
    const offer = await createOffer(s, rangeOffer({ title: 'Decimals', min_price: 1, max_price: 1000, rate: 10 }));
    const card = await submitCard(s, seller, { giftcard_offer_id: offer, price: 100 });
    expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 100, card_status: 1 })).status).toBe(200);
    for (const literal of ['59.909999999999999999', '59.910', '5.9991e1', '1e1']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/transaction',
        headers: { authorization: `Bearer ${s.users.admin.token}`, 'content-type': 'application/json' },
        payload: `{"code":"${code()}","transaction_amount": ${literal},"gidcard_id":${card}}`,
      });
      expect(res.statusCode, `${literal}: ${res.body}`).toBe(422);
      expect(res.json().errors.transaction_amount).toEqual([
        'The transaction amount field must be a non-negative amount with at most 2 decimals.',
      ]);
    }
    const ok = await s.app.inject({
      method: 'POST',
      url: '/api/transaction',
      headers: { authorization: `Bearer ${s.users.admin.token}`, 'content-type': 'application/json' },
      payload: `{"code":"${code()}","transaction_amount": 59.91,"gidcard_id":${card}}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('user names at login', () => {
  it('a name shared by two accounts is refused with a clear message; the admin still signs in by email', async () => {
    const m = await s.createUser('manager');
    const renamed = await s.call('PUT', `users/${m.id}`, {
      token: s.users.admin.token,
      body: { name: s.users.admin.name.toUpperCase(), email: m.email, role: 'manager' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const r = await s.call('POST', 'login', { body: { email: s.users.admin.name, password: 'password-123' } });
    expect(r.status).toBe(422);
    expect(r.body.errorMsg).toBe('More than one account has this name: sign in with your email address instead.');
    expect((await s.call('POST', 'login', { body: { email: s.users.admin.email, password: 'password-123' } })).status).toBe(200);
  });
});

describe('transaction codes compared normalised', () => {
  it("'CENT-2', 'cent-2', full-width and zero-width variants are one code, for payments and edits", async () => {
    const seller = await s.createUser('seller');
    const offer = await createOffer(s, rangeOffer({ title: 'Codes', min_price: 1, max_price: 1000, rate: 10 }));
    const card = await submitCard(s, seller, { giftcard_offer_id: offer, price: 500 });
    expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 500, card_status: 1 })).status).toBe(200);
    const base = `CENT-${Date.now()}`;
    expect((await pay({ code: base, transaction_amount: 1, seller_id: seller.id })).status).toBe(200);
    const fullWidth = base.replace(/[A-Z0-9-]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
    for (const variant of [base.toLowerCase(), `${base}\u200b`, `\u00ad${base}`, fullWidth, `${base.slice(0, 2)}\u2060${base.slice(2)}`]) {
      const r = await pay({ code: variant, transaction_amount: 1, seller_id: seller.id });
      expect(r.status, JSON.stringify(variant)).toBe(422);
      expect(r.body.errorMsg).toBe('The code already used.');
    }
    const other = code();
    expect((await pay({ code: other, transaction_amount: 1, seller_id: seller.id })).status).toBe(200);
    const [{ id }] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${other}`);
    const edit = await s.call('POST', `transaction-update/${id}`, {
      token: s.users.admin.token,
      body: { code: base.toLowerCase(), transaction_amount: 1 },
    });
    expect(edit.body.errorMsg).toBe('The code already used.');
  });
});
