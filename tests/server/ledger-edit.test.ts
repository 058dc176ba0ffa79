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
const code = () => `E-${++codeSeq}-${Math.random().toString(36).slice(2, 7)}`;
const card = (seller: TestUser, price: string, approvalDate?: string) =>
  insertCard(s.database, { sellerId: seller.id, offerId, price, approvalDate });
const admin = () => s.users.admin.token;
async function payout(
  seller: TestUser,
  amount: string | number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; code: string }> {
  const c = code();
  const r = await s.call('POST', 'transaction', {
    token: admin(),
    body: { code: c, transaction_amount: amount, seller_id: seller.id, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: (await transactionByCode(s.database, c))!.id, code: c };
}
const edit = (id: number, body: Record<string, unknown> | undefined, token = admin()) =>
  s.call('POST', `transaction-update/${id}`, { token, body });

describe('POST transaction-update/{id} by staff', () => {
  it('edits the amount and re-allocates in one go, with an audit entry of before and after', async () => {
    const seller = await s.createUser('seller');
    const a = await card(seller, '10.00', '2024-01-01T00:00:00Z');
    const b = await card(seller, '10.00', '2024-01-02T00:00:00Z');
    const t = await payout(seller, '15.00');
    const other = await payout(seller, '3.00');
    expect(await cardPaid(s.database, b)).toBe('8.00');

    const newCode = code();
    const r = await edit(t.id, { code: newCode, transaction_amount: '7.5', seller_id: seller.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe('Transaction updated successfully');
    expect(await transactionByCode(s.database, t.code)).toBeNull();
    expect(await transactionByCode(s.database, newCode)).toMatchObject({ id: t.id, amount: '7.50', seller_id: seller.id });
    // The other payout keeps its allocation; this one is allocated again over what is left, oldest first.
    expect(await allocationsOfCode(s.database, other.code)).toEqual([{ gift_card_id: b, amount: '3.00' }]);
    expect(await allocationsOfCode(s.database, newCode)).toEqual([{ gift_card_id: a, amount: '7.50' }]);
    expect(await sellerDueText(s.database, seller.id)).toBe('9.50');

    const [audit] = await s.database.query<{ actor_id: number; details: any }>(
      sql`SELECT actor_id, details FROM audit_log WHERE entity = 'transaction' AND action = 'update' AND entity_id = ${t.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.actor_id).toBe(s.users.admin.id);
    expect(audit.details.before).toMatchObject({ code: t.code, transaction_amount: 15 });
    expect(audit.details.after).toMatchObject({ code: newCode, transaction_amount: 7.5, allocations: [{ gift_card_id: a, amount: 7.5 }] });

    // Up to the whole due: its own old allocation counts as available again.
    const up = await edit(t.id, { code: newCode, transaction_amount: '17', seller_id: seller.id }, s.users.manager.token);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(await sellerDueText(s.database, seller.id)).toBe('0.00');
  });

  it('refuses what would exceed the due and leaves everything as it was', async () => {
    const seller = await s.createUser('seller');
    await card(seller, '10.00');
    const t = await payout(seller, '4.00');
    const used = (await payout(seller, '1.00')).code;
    const r = await edit(t.id, { code: t.code, transaction_amount: '9.01' });
    expect(r.status).toBe(422);
    expect(r.body.errorMsg).toBe('Amount cannot be bigger 9');
    const dupe = await edit(t.id, { code: used, transaction_amount: '1' });
    expect(dupe.body.errorMsg).toBe(MSG.codeUsed);
    expect((await edit(t.id, { code: '', transaction_amount: '1' })).body.errorMsg).toBe(MSG.bulkNoCode);
    expect((await edit(t.id, { code: t.code, transaction_amount: '0' })).body.errorMsg).toBe(MSG.bulkZero);
    const missing = await edit(t.id, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['code', 'transaction_amount']));
    expect(await transactionByCode(s.database, t.code)).toMatchObject({ amount: '4.00' });
    expect(await sellerDueText(s.database, seller.id)).toBe('5.00');
    // Keeping its own code is fine.
    expect((await edit(t.id, { code: t.code, transaction_amount: '9' })).status).toBe(200);
    expect((await edit(999999, { code: code(), transaction_amount: '1' })).status).toBe(404);
  });

  it('moves a payout to another seller', async () => {
    const from = await s.createUser('seller');
    const to = await s.createUser('seller');
    const fromCard = await card(from, '10.00');
    const toCard = await card(to, '6.00');
    const t = await payout(from, '5.00');
    const r = await edit(t.id, { code: t.code, transaction_amount: '6', seller_id: to.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await cardPaid(s.database, fromCard)).toBe('0.00');
    expect(await cardPaid(s.database, toCard)).toBe('6.00');
    expect(await sellerDueText(s.database, from.id)).toBe('10.00');
    expect(await sellerDueText(s.database, to.id)).toBe('0.00');
    const notSeller = await edit(t.id, { code: t.code, transaction_amount: '1', seller_id: s.users.manager.id });
    expect(notSeller.status).toBe(422);
    expect(notSeller.body.errors.seller_id).toBeTruthy();
    const back = await edit(t.id, { code: t.code, transaction_amount: '7', seller_id: from.id });
    expect(back.status).toBe(200);
    expect(await sellerDueText(s.database, from.id)).toBe('3.00');
    expect(await sellerDueText(s.database, to.id)).toBe('6.00');
  });

  it('keeps a card payment on its card', async () => {
    const seller = await s.createUser('seller');
    await card(seller, '10.00', '2024-01-01T00:00:00Z');
    const target = await card(seller, '10.00', '2024-02-01T00:00:00Z');
    const c = code();
    expect(
      (await s.call('POST', 'transaction', { token: admin(), body: { code: c, transaction_amount: 2, gidcard_id: target } })).status,
    ).toBe(200);
    const { id } = (await transactionByCode(s.database, c))!;
    expect((await edit(id, { code: c, transaction_amount: '10', seller_id: seller.id })).status).toBe(200);
    expect(await allocationsOfCode(s.database, c)).toEqual([{ gift_card_id: target, amount: '10.00' }]);
    const over = await edit(id, { code: c, transaction_amount: '10.01' });
    expect(over.body.errorMsg).toBe('Amount cannot be bigger 10');
    const moved = await edit(id, { code: c, transaction_amount: '1', seller_id: s.users.sellerB.id });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.seller_id).toBeTruthy();
    expect(await cardPaid(s.database, target)).toBe('10.00');
  });
});

describe('redeem, reads and lists', () => {
  it('a seller flips is_redeem on their own transaction, fields ignored; others get 404', async () => {
    await insertCard(s.database, { sellerId: s.users.sellerA.id, offerId, price: '50.00' });
    const t = await payout(s.users.sellerA, '1.00');
    const seller = s.users.sellerA.token;
    const r1 = await edit(t.id, undefined, seller);
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ msg: MSG.redeemUpdated });
    expect((await transactionByCode(s.database, t.code))!.is_redeem).toBe(1);
    const r2 = await edit(t.id, { code: 'HACK', transaction_amount: '0.5', seller_id: s.users.sellerB.id }, seller);
    expect(r2.body).toEqual({ msg: MSG.redeemUpdated });
    expect(await transactionByCode(s.database, t.code)).toMatchObject({ is_redeem: 0, amount: '1.00', seller_id: s.users.sellerA.id });
    expect((await edit(t.id, undefined, s.users.sellerB.token)).status).toBe(404);
    expect((await edit(t.id, undefined)).status).toBe(422);
    expect((await s.call('POST', `transaction-update/${t.id}`)).status).toBe(401);
    expect((await transactionByCode(s.database, t.code))!.is_redeem).toBe(0);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/transaction-update/${t.id}`,
      headers: { authorization: `Bearer ${seller}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect((await transactionByCode(s.database, t.code))!.is_redeem).toBe(1);
  });

  it('GET transaction/{id}: staff any, sellers only their own', async () => {
    const seller = await s.createUser('seller');
    const cardId = await card(seller, '10.00');
    const t = await payout(seller, '2.50');
    for (const token of [admin(), s.users.manager.token, seller.token]) {
      const r = await s.call('GET', `transaction/${t.id}`, { token });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        id: t.id,
        code: t.code,
        seller_id: seller.id,
        transaction_amount: 2.5,
        is_redeem: 0,
        gidcard_id: null,
        seller: { id: seller.id, name: seller.name },
        allocations: [{ gift_card_id: cardId, amount: 2.5 }],
      });
      expect(r.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect((await s.call('GET', `transaction/${t.id}`, { token: s.users.sellerB.token })).status).toBe(404);
    expect((await s.call('GET', `transaction/${t.id}`)).status).toBe(401);
    expect((await s.call('GET', 'transaction/999999', { token: admin() })).status).toBe(404);
    expect((await s.call('GET', 'transaction/abc', { token: admin() })).status).toBe(404);
  });

  it('transaction?page= lists all, 10 a page newest first; my-transaction only the seller own, wrapped', async () => {
    const seller = await s.createUser('seller');
    await card(seller, '100.00');
    const mine: number[] = [];
    for (let i = 0; i < 12; i++) mine.push((await payout(seller, '1.00')).id);
    const [{ total }] = await s.database.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM transactions`);
    for (const token of [admin(), s.users.manager.token]) {
      const p1 = await s.call('GET', 'transaction?page=1', { token });
      expect(p1.status).toBe(200);
      expect(p1.body).toMatchObject({ current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10) });
      expect(p1.body.data.map((t: { id: number }) => t.id)).toEqual(mine.slice(-10).reverse());
      expect(p1.body.data[0]).toMatchObject({ seller: { id: seller.id, name: seller.name }, transaction_amount: 1, is_redeem: 0 });
    }
    expect((await s.call('GET', 'transaction', { token: admin() })).body.current_page).toBe(1);
    expect((await s.call('GET', 'transaction?page=999', { token: admin() })).body.data).toEqual([]);
    for (const bad of ['0', 'x', '-1']) expect((await s.call('GET', `transaction?page=${bad}`, { token: admin() })).status).toBe(422);
    for (const u of [s.users.sellerA, s.users.sellerB])
      expect((await s.call('GET', 'transaction?page=1', { token: u.token })).status).toBe(403);
    expect((await s.call('GET', 'transaction?page=1')).status).toBe(401);

    const m1 = await s.call('GET', 'my-transaction?page=1', { token: seller.token });
    expect(m1.status).toBe(200);
    expect(m1.body.data).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2 });
    expect(m1.body.data.data.map((t: { id: number }) => t.id)).toEqual(mine.slice(-10).reverse());
    const m2 = await s.call('GET', 'my-transaction?page=2', { token: seller.token });
    expect(m2.body.data.data.map((t: { id: number }) => t.id)).toEqual(mine.slice(0, 2).reverse());
    const otherSeller = await s.call('GET', 'my-transaction?page=1', { token: s.users.sellerB.token });
    expect(otherSeller.body.data.data.every((t: { seller_id: number }) => t.seller_id === s.users.sellerB.id)).toBe(true);
    for (const token of [admin(), s.users.manager.token])
      expect((await s.call('GET', 'my-transaction?page=1', { token })).status).toBe(403);
    expect((await s.call('GET', 'my-transaction?page=1')).status).toBe(401);
  });
});

describe('checkLedgerInvariants', () => {
  it('detects a paid amount that does not match its allocations', async () => {
    const seller = await s.createUser('seller');
    const id = await card(seller, '10.00');
    await payout(seller, '2.00');
    await s.database.query(sql`ALTER TABLE gift_cards DISABLE TRIGGER gift_cards_maintain`);
    await s.database.query(sql`UPDATE gift_cards SET paid_amount = 3 WHERE id = ${id}`);
    await s.database.query(sql`ALTER TABLE gift_cards ENABLE TRIGGER gift_cards_maintain`);
    await expect(checkLedgerInvariants(s.database)).rejects.toThrow(/paid <> sum of allocations[\s\S]*seller_due wrong/);
    await s.database.query(sql`ALTER TABLE gift_cards DISABLE TRIGGER gift_cards_maintain`);
    await s.database.query(sql`UPDATE gift_cards SET paid_amount = 2 WHERE id = ${id}`);
    await s.database.query(sql`ALTER TABLE gift_cards ENABLE TRIGGER gift_cards_maintain`);
    await checkLedgerInvariants(s.database);
  });
});

describe('a payout whose key migration 0020 or 0028 renamed (issue 49)', () => {
  it('keeps its code on an edit of its amount; another code reading like the older payout’s is still refused', async () => {
    const seller = await s.createUser('seller');
    await card(seller, '20.00');
    const older = await payout(seller, '2.00');
    const renamed = await payout(seller, '3.00');
    // What the migration left: a code that reads like the older payout's, its key told apart by `#<id>`.
    const lookalike = older.code.replace(/-/g, ' ');
    const [{ code_norm: olderKey }] = await s.database.query<{ code_norm: string }>(
      sql`SELECT code_norm FROM transactions WHERE id = ${older.id}`,
    );
    await s.database.query(
      sql`UPDATE transactions SET code = ${lookalike}, code_norm = ${`${olderKey}#${renamed.id}`} WHERE id = ${renamed.id}`,
    );
    const r = await edit(renamed.id, { code: lookalike, transaction_amount: '4.00', seller_id: seller.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = await s.database.query<{ code: string; code_norm: string; amount: string }>(
      sql`SELECT code, code_norm, transaction_amount::text AS amount FROM transactions WHERE id = ${renamed.id}`,
    );
    expect(row).toEqual({ code: lookalike, code_norm: `${olderKey}#${renamed.id}`, amount: '4.00' });
    const other = await edit(renamed.id, { code: older.code.replace(/-/g, '_'), transaction_amount: '4.00', seller_id: seller.id });
    expect([other.status, other.body.errorMsg]).toEqual([422, MSG.codeUsed]);
  });
});
