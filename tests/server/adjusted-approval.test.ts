import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestServer, TestUser } from '../helpers/server';
import { clockedServer, sellerFiguresAgree } from '../helpers/clocked-server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { MSG } from '../../src/shared/messages';

/**
 * Issue 53, adjusted approval: staff approve a card at a lower value with a reason and a note; every figure follows;
 * the card is on hold (not payable) until its seller accepts or the window ends (fake clock); the seller may withdraw
 * it instead (rejected, nothing paid); one answer, the seller's own card only, hostile values a 422.
 */
const HOUR = 60 * 60 * 1000;
let s: TestServer;
let offer: number;
let fixedRateOffer: number;
const setClock = clockedServer(async (server) => {
  s = server;
  offer = await insertOffer(s.database, { rateType: 0, rate: '10' }); // 10% of the price
  fixedRateOffer = await insertOffer(s.database, { title: 'Fixed rate', rateType: 1, rate: '5' });
});

const staff = () => s.users.manager.token;
let codeSeq = 0;
const payCard = (card: number, amount: number) =>
  s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code: `ADJ-${++codeSeq}`, transaction_amount: amount, gidcard_id: card },
  });
const review = (card: number, body: Record<string, unknown>) => s.call('POST', `gift-card-review/${card}`, { token: staff(), body });
const adjust = (card: number, price: number | string = 30, more: Record<string, unknown> = {}) =>
  review(card, { action: 'approve', adjusted_price: price, adjust_reason: 'partial_balance', adjust_note: 'Balance shows $30.', ...more });
const accept = (card: number, token: string) => s.call('POST', `gift-card-adjustment-accept/${card}`, { token });
const withdraw = (card: number, token: string) => s.call('POST', `gift-card-adjustment-withdraw/${card}`, { token });
const cardOf = async (card: number, token = staff()) => (await s.call('GET', `gift-card/${card}`, { token })).body;
const money = async (card: number, token = staff()) => (await s.call('GET', `gift-card-money/${card}`, { token })).body.data;
const pendingCard = (seller: TestUser, price = '50.00', offerId = offer) =>
  insertCard(s.database, { sellerId: seller.id, offerId, price, rate: (Number(price) / 10).toFixed(2), status: 0 });

/** Every surface's figures of one seller agree (due, available now, on hold), and agree with the cards' money panels. */
async function figuresAgree(seller: TestUser) {
  const d = await sellerFiguresAgree(s, seller, staff());
  const mine = (await s.call('GET', 'my-giftcard?page=1&per_page=100', { token: seller.token })).body.data.data as {
    id: number;
    due: number;
  }[];
  const panels = await Promise.all(mine.map((c) => money(c.id, seller.token)));
  expect(mine.reduce((t, c) => t + Math.round(c.due * 100), 0) / 100).toBeCloseTo(d.due, 2);
  expect(panels.reduce((t, m, i) => t + (m.due === mine[i]!.due ? Math.round(m.due * 100) : NaN), 0) / 100).toBeCloseTo(d.due, 2);
  return d;
}

describe('an adjusted approval', () => {
  it('approves at the lower value: price, payable, due and every figure follow; the asked price stays with the adjustment', async () => {
    const seller = await s.createUser('seller');
    const card = await pendingCard(seller);
    const r = await adjust(card);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe(MSG.cardApprovedAdjusted);
    const c = await cardOf(card, seller.token);
    expect(c.data).toMatchObject({ card_status: 1, price: 30, rate: 3 });
    expect(c.adjustment).toMatchObject({
      asked_price: 50,
      approved_price: 30,
      reason: 'partial_balance',
      reason_label: 'Partial balance',
      note: 'Balance shows $30.',
      state: 'pending',
      answered_at: null,
      can_answer: true,
    });
    const window = new Date(c.adjustment.window_ends_at).getTime() - Date.now();
    expect(window).toBeGreaterThan(72 * HOUR - 60_000);
    expect(window).toBeLessThanOrEqual(72 * HOUR);
    const m = await money(card, seller.token);
    expect(m).toMatchObject({ price: 30, rate: 3, payable: 27, due: 27 });
    expect(m.hold.until).toBe(c.adjustment.window_ends_at);
    expect(m.hold.reason).toContain('approved at $30.00, the seller asked $50.00 (Partial balance)');
    // Not payable until accepted: on hold, none of it available now.
    expect(await figuresAgree(seller)).toEqual({ due: 27, available_now: 0, on_hold: 27, hold_release: c.adjustment.window_ends_at });
    // The history says it; the seller's inbox has it.
    const h = (await s.call('GET', `gift-card-history/${card}`, { token: seller.token })).body.data.data;
    expect(h[0]).toMatchObject({
      kind: 'status',
      status: { from: 0, to: 1 },
      note: `${MSG.historyAdjusted('$30.00', '$50.00', 'Partial balance')} Balance shows $30.`,
    });
    const inbox = (await s.call('GET', 'seller-inbox?page=1', { token: seller.token })).body;
    expect(inbox.data.data[0]).toMatchObject({
      kind: 'adjusted',
      card_id: card,
      amount: 30,
      reason: 'Partial balance',
      note: 'Balance shows $30.',
    });
  });

  it('is not payable until accepted: a payment is refused naming the window end; accepted, it is paid', async () => {
    const seller = await s.createUser('seller');
    const card = await pendingCard(seller);
    expect((await adjust(card)).status).toBe(200);
    const until = (await cardOf(card)).adjustment.window_ends_at as string;
    const refused = await payCard(card, 5);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(MSG.cardHeld(`${until.slice(0, 10)} ${until.slice(11, 16)} UTC`));
    const payout = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: `ADJ-${++codeSeq}`, transaction_amount: 1, seller_id: seller.id },
    });
    expect(payout.status).toBe(422);
    // Staff cannot release the adjustment's hold: it waits for the seller.
    const [hold] = await s.database.query<{ id: number }>(sql`SELECT hold_id AS id FROM card_adjustments WHERE gift_card_id = ${card}`);
    const rel = await s.call('POST', `payout-hold-release/${hold!.id}`, { token: s.users.admin.token, body: {} });
    expect(rel.status).toBe(409);
    expect(rel.body.message).toBe(MSG.adjustmentHoldRelease);

    const a = await accept(card, seller.token);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.msg).toBe(MSG.adjustmentAccepted);
    const c = await cardOf(card, seller.token);
    expect(c.adjustment).toMatchObject({ state: 'accepted', can_answer: false, answered_at: expect.any(String) });
    expect((await money(card)).hold).toBeNull();
    expect(await figuresAgree(seller)).toEqual({ due: 27, available_now: 27, on_hold: 0, hold_release: null });
    expect((await payCard(card, 27)).status).toBe(200);
    expect((await figuresAgree(seller)).due).toBe(0);
    // One answer only.
    expect((await accept(card, seller.token)).status).toBe(409);
    const w = await withdraw(card, seller.token);
    expect(w.status).toBe(409);
    expect(w.body.message).toBe(MSG.noAdjustmentToAnswer);
  });

  it('withdrawn: the card is rejected as withdrawn with its asked price back, nothing due, nothing paid', async () => {
    const seller = await s.createUser('seller');
    const card = await pendingCard(seller);
    const other = await insertCard(s.database, { sellerId: seller.id, offerId: offer, price: '20.00', rate: '2.00' });
    expect((await adjust(card)).status).toBe(200);
    const w = await withdraw(card, seller.token);
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    expect(w.body.msg).toBe(MSG.adjustmentWithdrawn);
    const c = await cardOf(card, seller.token);
    expect(c.data).toMatchObject({ card_status: 2, price: 50, rate: 5, reject_reason: null, reject_note: MSG.withdrawnNote });
    expect(c.adjustment).toMatchObject({ state: 'withdrawn', can_answer: false, answered_at: expect.any(String) });
    // The seller's own withdrawal is no rejection to appeal.
    expect(c.recourse).toBeUndefined();
    expect(await money(card)).toMatchObject({ due: 0, paid_amount: 0, hold: null });
    expect(await figuresAgree(seller)).toEqual({ due: 18, available_now: 18, on_hold: 0, hold_release: null });
    expect((await payCard(card, 1)).status).toBe(422);
    expect((await withdraw(card, seller.token)).status).toBe(409);
    expect((await accept(card, seller.token)).status).toBe(409);
    const h = (await s.call('GET', `gift-card-history/${card}`, { token: seller.token })).body.data.data;
    expect(h[0]).toMatchObject({ kind: 'status', status: { from: 1, to: 2 }, note: MSG.withdrawnNote });
    // No QA sample and no reviewer's rejection: the withdrawal is the seller's.
    const [qa] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = ${card} AND action = 'reject'`,
    );
    expect(qa!.n).toBe(0);
    expect(other).toBeGreaterThan(0);
  });

  it('after the window without an answer, the adjusted value counts as accepted (fake clock) and the card is payable', async () => {
    const seller = await s.createUser('seller');
    const card = await pendingCard(seller);
    expect((await adjust(card)).status).toBe(200);
    setClock(71 * HOUR);
    expect((await cardOf(card, seller.token)).adjustment).toMatchObject({ state: 'pending', can_answer: true });
    expect((await figuresAgree(seller)).on_hold).toBe(27);
    setClock(72 * HOUR + 60_000);
    const c = await cardOf(card, seller.token);
    expect(c.adjustment).toMatchObject({ state: 'accepted', can_answer: false, answered_at: null });
    expect(await figuresAgree(seller)).toEqual({ due: 27, available_now: 27, on_hold: 0, hold_release: null });
    const end = c.adjustment.window_ends_at as string;
    for (const call of [accept, withdraw]) {
      const r = await call(card, seller.token);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(MSG.adjustmentWindowClosed(`${end.slice(0, 10)} ${end.slice(11, 16)} UTC`));
    }
    expect((await payCard(card, 27)).status).toBe(200);
  });

  it("a seller cannot answer another seller's card, nor staff a seller's; a later decision supersedes a waiting adjustment", async () => {
    const card = await pendingCard(s.users.sellerA);
    expect((await adjust(card)).status).toBe(200);
    for (const token of [s.users.sellerB.token, s.users.admin.token, s.users.manager.token]) {
      expect((await accept(card, token)).status).toBe(403);
      expect((await withdraw(card, token)).status).toBe(403);
    }
    expect((await cardOf(card)).adjustment.state).toBe('pending');
    // Staff set it back to pending: the adjustment is superseded and its hold ends with it.
    const r = await s.call('POST', `gift-card-update/${card}`, {
      token: s.users.admin.token,
      body: { giftcard_offer_id: offer, price: 30, card_status: 0 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await cardOf(card)).adjustment).toMatchObject({ state: 'superseded', can_answer: false });
    const [held] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payout_holds WHERE gift_card_id = ${card} AND released_at IS NULL`,
    );
    expect(held!.n).toBe(0);
    expect((await accept(card, s.users.sellerA.token)).status).toBe(409);
    // Approved again plainly: payable at once, the old adjustment stays on record.
    expect((await review(card, { action: 'approve' })).status).toBe(200);
    expect((await money(card)).hold).toBeNull();
  });

  it("the seller's list row carries the card's latest adjustment: waiting, then answered; a card never adjusted has none", async () => {
    const seller = await s.createUser('seller');
    const card = await pendingCard(seller);
    const plain = await pendingCard(seller, '20.00');
    expect((await adjust(card)).status).toBe(200);
    expect((await review(plain, { action: 'approve' })).status).toBe(200);
    const rows = async () => {
      const r = await s.call('GET', 'my-giftcard?page=1', { token: seller.token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return new Map((r.body.data.data as { id: number; adjustment?: Record<string, unknown> }[]).map((c) => [c.id, c]));
    };
    const detail = (await cardOf(card, seller.token)).adjustment;
    let mine = await rows();
    expect(mine.get(card)!.adjustment).toEqual(detail);
    expect(mine.get(card)!.adjustment).toMatchObject({ asked_price: 50, approved_price: 30, state: 'pending', can_answer: true });
    expect(mine.get(plain)).not.toHaveProperty('adjustment');
    // Past the window unanswered it counts as accepted, in the row as on the card.
    setClock(72 * HOUR + 60_000);
    mine = await rows();
    expect(mine.get(card)!.adjustment).toMatchObject({ state: 'accepted', can_answer: false, answered_at: null });
    // Staff's list is as before: no adjustment key.
    const staffList = await s.call('GET', `gift-card?page=1&seller_id=${seller.id}`, { token: staff() });
    expect(staffList.status).toBe(200);
    for (const c of staffList.body.data) expect(c).not.toHaveProperty('adjustment');
  });

  it('with none of the new fields an approval is as before (no adjustment key)', async () => {
    const card = await pendingCard(s.users.sellerA);
    const r = await review(card, { action: 'approve' });
    expect(r.body.msg).toBe(MSG.cardApproved);
    const c = await cardOf(card);
    expect(c.adjustment).toBeUndefined();
    expect(c.data.price).toBe(50);
    expect((await money(card)).hold).toBeNull();
  });

  it('refuses values that do not fit with a 422 on the field, never a 500, and changes nothing', async () => {
    const card = await pendingCard(s.users.sellerA);
    const fixed = await pendingCard(s.users.sellerA, '20.00', fixedRateOffer);
    const cases: [number, Record<string, unknown>, string][] = [
      [card, { action: 'approve', adjusted_price: 50, adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: 60, adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: 0, adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: -5, adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: '12.345', adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: 'abc', adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: 30 }, 'adjust_reason'],
      [card, { action: 'approve', adjusted_price: 30, adjust_reason: 'because' }, 'adjust_reason'],
      [card, { action: 'approve', adjust_reason: 'other' }, 'adjusted_price'],
      [card, { action: 'approve', adjust_note: 'only a note' }, 'adjusted_price'],
      [card, { action: 'approve', adjusted_price: 30, adjust_reason: 'other', adjust_note: 'x'.repeat(1001) }, 'adjust_note'],
      [card, { action: 'reject', reject_reason: 'other', adjusted_price: 30, adjust_reason: 'other' }, 'adjusted_price'],
      // At most the offer's fixed rate: nothing left to pay.
      [fixed, { action: 'approve', adjusted_price: 5, adjust_reason: 'other' }, 'adjusted_price'],
    ];
    for (const [id, body, field] of cases) {
      const r = await review(id, body);
      expect(r.status, `${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`).toBe(422);
      expect(Object.keys(r.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await cardOf(card)).data.card_status).toBe(0);
    expect((await cardOf(fixed)).data.card_status).toBe(0);
    // The fixed rate stays the offer's: $5.01 leaves a cent to pay.
    expect((await adjust(fixed, '5.01')).status).toBe(200);
    expect(await money(fixed)).toMatchObject({ price: 5.01, rate: 5, payable: 0.01, due: 0.01 });
    expect((await accept(999_999, s.users.sellerA.token)).status).toBe(404);
  });
});
