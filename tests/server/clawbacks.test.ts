import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { cardPaid, insertCard, insertOffer, sellerDueText } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants, checkReportRollup } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

/** Clawbacks: disputing a paid card, the seller's negative due, payments paused, resolving. */
let s: TestServer;
let offerId: number;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database, { rateType: 1, rate: '0' });
});
afterAll(async () => s?.close());
afterEach(async () => {
  await checkLedgerInvariants(s.database);
  await checkReportRollup(s.database);
});

const admin = () => s.users.admin.token;
let codeSeq = 0;
const code = () => `CB-TEST-${++codeSeq}`;
const due = async (seller: TestUser) => (await s.call('GET', 'seller-due', { token: seller.token })).body.due as number;

async function paidCard(seller: TestUser, price: string, pay: number) {
  const id = await insertCard(s.database, { sellerId: seller.id, offerId, price });
  if (pay > 0) {
    const r = await s.call('POST', 'transaction', { token: admin(), body: { code: code(), transaction_amount: pay, gidcard_id: id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return id;
}

describe('dispute a paid card', () => {
  it('takes the paid amount off the due (it may go negative), writes a negative entry and the audit, and resolves back', async () => {
    const seller = await s.createUser('seller');
    const card = await paidCard(seller, '40.00', 40);
    expect(await due(seller)).toBe(0);

    const r = await s.call('POST', `gift-card-dispute/${card}`, {
      token: s.users.manager.token,
      body: { reason: 'used', note: 'Balance was 0' },
    });
    expect(r).toMatchObject({ status: 200, body: { msg: MSG.cardDisputedOk } });
    expect(await due(seller)).toBe(-40);
    const detail = await s.call('GET', `gift-card/${card}`, { token: seller.token });
    expect(detail.body.data.card_status).toBe(3);

    // The negative entry, with its own code, in both transaction lists.
    const mine = await s.call('GET', 'my-transaction?page=1', { token: seller.token });
    const entry = mine.body.data.data.find((t: { kind: string }) => t.kind === 'clawback');
    expect(entry).toMatchObject({ transaction_amount: -40, gidcard_id: card, seller_id: seller.id });
    expect(entry.code).toMatch(/^CLAWBACK-\d+$/);
    const all = await s.call('GET', 'transaction?page=1', { token: admin() });
    expect(all.body.data.find((t: { id: number }) => t.id === entry.id)).toMatchObject({ kind: 'clawback', transaction_amount: -40 });

    // The audit trail has who, why and the entry.
    const audit = await s.database.query<{ action: string; actor_id: number; details: any }>(
      sql`SELECT action, actor_id, details FROM audit_log WHERE entity = 'gift_card' AND entity_id = ${card} ORDER BY id`,
    );
    expect(audit.at(-1)).toMatchObject({
      action: 'dispute',
      actor_id: s.users.manager.id,
      details: { reason: 'used', note: 'Balance was 0', paid_amount: 40, clawback: { code: entry.code, amount: -40 } },
    });

    // The card's history timeline shows the dispute with its reason and note.
    const history = await s.call('GET', `gift-card-history/${card}?page=1`, { token: admin() });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.data[0]).toMatchObject({
      kind: 'status',
      status: { from: 1, to: 3 },
      note: 'Card already used: Balance was 0',
    });

    // The seller cannot redeem a clawback, staff cannot edit it.
    const redeem = await s.call('POST', `transaction-update/${entry.id}`, { token: seller.token, body: {} });
    expect(redeem).toMatchObject({ status: 422, body: { errorMsg: MSG.clawbackNotEditable } });
    const edit = await s.call('POST', `transaction-update/${entry.id}`, { token: admin(), body: { code: 'X-1', transaction_amount: 5 } });
    expect(edit).toMatchObject({ status: 422, body: { errorMsg: MSG.clawbackNotEditable } });

    // Disputing twice, or editing a disputed card, is refused.
    const again = await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'other' } });
    expect(again).toMatchObject({ status: 422, body: { errorMsg: MSG.cardDisputed } });
    const upd = await s.call('POST', `gift-card-update/${card}`, { token: admin(), body: { giftcard_offer_id: offerId, price: 40 } });
    expect(upd).toMatchObject({ status: 422, body: { errorMsg: MSG.cardDisputed } });

    const back = await s.call('POST', `gift-card-dispute-resolve/${card}`, { token: admin(), body: { note: 'Merchant confirmed' } });
    expect(back).toMatchObject({ status: 200, body: { msg: MSG.disputeResolvedOk } });
    expect(await due(seller)).toBe(0);
    expect((await s.call('GET', `gift-card/${card}`, { token: admin() })).body.data.card_status).toBe(1);
    const after = await s.call('GET', 'my-transaction?page=1', { token: seller.token });
    expect(after.body.data.data[0]).toMatchObject({ kind: 'clawback_reversed', transaction_amount: 40 });
    const resolveAgain = await s.call('POST', `gift-card-dispute-resolve/${card}`, { token: admin(), body: {} });
    expect(resolveAgain).toMatchObject({ status: 422, body: { errorMsg: MSG.cardNotDisputed } });
  });

  it('a partly paid card: the unpaid rest is no longer owed and the paid part is owed back', async () => {
    const seller = await s.createUser('seller');
    const card = await paidCard(seller, '50.00', 20);
    await insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00' });
    expect(await due(seller)).toBe(40);
    expect((await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'invalid' } })).status).toBe(200);
    expect(await due(seller)).toBe(-10);
    expect(await cardPaid(s.database, card)).toBe('20.00');
  });

  it('refuses cards that are not approved with payments, unknown cards, and bad reasons', async () => {
    const seller = await s.createUser('seller');
    const unpaid = await insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00' });
    const pending = await insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00', status: 0 });
    for (const id of [unpaid, pending]) {
      const r = await s.call('POST', `gift-card-dispute/${id}`, { token: admin(), body: { reason: 'used' } });
      expect(r).toMatchObject({ status: 422, body: { errorMsg: MSG.disputeNeedsPaidCard } });
    }
    expect((await s.call('POST', 'gift-card-dispute/999999', { token: admin(), body: { reason: 'used' } })).status).toBe(404);
    const bad = await s.call('POST', `gift-card-dispute/${unpaid}`, { token: admin(), body: { reason: 'because' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['reason']);
    const none = await s.call('POST', `gift-card-dispute/${unpaid}`, { token: admin(), body: {} });
    expect(Object.keys(none.body.errors)).toEqual(['reason']);
  });
});

describe('a seller who owes', () => {
  it('is not paid while the due is not positive; later approvals offset the debit first', async () => {
    const seller = await s.createUser('seller');
    const bad = await paidCard(seller, '30.00', 30);
    const waiting = await insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00', status: 0 });
    await s.call('POST', `gift-card-dispute/${bad}`, { token: admin(), body: { reason: 'fraud' } });
    expect(await due(seller)).toBe(-30);

    // Every payment route refuses with the clear message.
    const owes = MSG.sellerOwes('-30');
    const bulk = await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 1, code: code() } });
    expect(bulk).toMatchObject({ status: 422, body: { errorMsg: owes } });
    const payout = await s.call('POST', 'transaction', {
      token: admin(),
      body: { seller_id: seller.id, transaction_amount: 1, code: code() },
    });
    expect(payout).toMatchObject({ status: 422, body: { errorMsg: owes } });

    // An approval of 10 offsets 10 of the 30: still owing 20, and the new card cannot be paid.
    await s.call('POST', `gift-card-update/${waiting}`, {
      token: admin(),
      body: { giftcard_offer_id: offerId, price: 10, card_status: 1 },
    });
    expect(await due(seller)).toBe(-20);
    const onCard = await s.call('POST', 'transaction', {
      token: admin(),
      body: { gidcard_id: waiting, transaction_amount: 1, code: code() },
    });
    expect(onCard).toMatchObject({ status: 422, body: { errorMsg: MSG.sellerOwes('-20') } });

    // A big approval brings the due above zero: only the net due can be paid.
    const big = await insertCard(s.database, { sellerId: seller.id, offerId, price: '25.00' });
    expect(await due(seller)).toBe(5);
    const tooMuch = await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 6, code: code() } });
    expect(tooMuch).toMatchObject({ status: 422, body: { errorMsg: MSG.bulkTooLarge } });
    const cardTooMuch = await s.call('POST', 'transaction', {
      token: admin(),
      body: { gidcard_id: big, transaction_amount: 6, code: code() },
    });
    expect(cardTooMuch).toMatchObject({ status: 422, body: { errorMsg: MSG.amountTooBig('5') } });
    const ok = await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 5, code: code() } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await due(seller)).toBe(0);
    expect(await sellerDueText(s.database, seller.id)).toBe('0.00');
    // Due exactly zero with a clawback still on record: the clear message too.
    const zero = await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 1, code: code() } });
    expect(zero).toMatchObject({ status: 422, body: { errorMsg: MSG.sellerOwes('0') } });

    // Resolving the dispute gives the 30 back: the cards' remaining dues can be paid again.
    await s.call('POST', `gift-card-dispute-resolve/${bad}`, { token: admin(), body: {} });
    expect(await due(seller)).toBe(30);
    const rest = await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 30, code: code() } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await due(seller)).toBe(0);
  });

  it('a payout that paid a disputed card cannot be edited until the dispute is resolved', async () => {
    const seller = await s.createUser('seller');
    const card = await insertCard(s.database, { sellerId: seller.id, offerId, price: '20.00' });
    const c = code();
    await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 20, code: c } });
    const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c}`);
    await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'used' } });
    const edit = await s.call('POST', `transaction-update/${t.id}`, { token: admin(), body: { code: c, transaction_amount: 10 } });
    expect(edit).toMatchObject({ status: 422, body: { errorMsg: MSG.payoutHasDisputedCard } });
    await s.call('POST', `gift-card-dispute-resolve/${card}`, { token: admin(), body: {} });
    const edited = await s.call('POST', `transaction-update/${t.id}`, { token: admin(), body: { code: c, transaction_amount: 10 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await due(seller)).toBe(10);
  });

  it("the seller's dashboard shows what they owe back, staff's total counts no negative due, a clawback never changes paid", async () => {
    const seller = await s.createUser('seller');
    const card = await paidCard(seller, '12.00', 12);
    const staffBefore = (await s.call('GET', 'dashboard-figures', { token: admin() })).body;
    await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'used' } });
    const [row] = await s.database.query<{ disputed: number }>(
      sql`SELECT disputed FROM report_daily WHERE seller_id = ${seller.id} AND day = (now() AT TIME ZONE 'UTC')::date`,
    );
    expect(row.disputed).toBe(1);
    const figures = await s.call('GET', 'dashboard-figures', { token: seller.token });
    const due = await s.call('GET', 'seller-due', { token: seller.token });
    expect(due.body.due).toBe(-12);
    expect(figures.body).toMatchObject({ due: -12, paid_this_month: 12, clawed_back_this_month: 12 });
    const staff = (await s.call('GET', 'dashboard-figures', { token: admin() })).body;
    expect(staff.due).toBe(staffBefore.due); // the seller's debt does not reduce what is owed to the others
    expect(staff.paid_this_month).toBe(staffBefore.paid_this_month);
    expect(staff.clawed_back_this_month).toBe(Math.round((staffBefore.clawed_back_this_month + 12) * 100) / 100);
    await s.call('POST', `gift-card-dispute-resolve/${card}`, { token: admin(), body: {} });
    const resolved = (await s.call('GET', 'dashboard-figures', { token: admin() })).body;
    expect(resolved.paid_this_month).toBe(staffBefore.paid_this_month); // a reversal is not a payout either
    expect(resolved.clawed_back_this_month).toBe(staffBefore.clawed_back_this_month);
    expect((await s.call('GET', 'dashboard-figures', { token: seller.token })).body).toMatchObject({ due: 0, paid_this_month: 12 });
  });
});
