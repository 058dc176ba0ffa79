import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { clockedServer, sellerFiguresAgree } from '../helpers/clocked-server';
import { cardPaid, insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { MSG } from '../../src/shared/messages';

/** Issue 54, payout holds: offer holds on a fake clock, staff holds placed and released, four-eyes, payments refused, figures. */
const DAY = 24 * 60 * 60 * 1000;
let s: TestServer;
let plainOffer: number;
let heldOffer: number;
const setClock = clockedServer(async (server) => {
  s = server;
  plainOffer = await insertOffer(s.database, { rateType: 1, rate: '0' });
  heldOffer = await insertOffer(s.database, { title: 'Held offer', rateType: 1, rate: '0' });
  await s.database.query(sql`UPDATE gift_card_offers SET hold_days = 7 WHERE id = ${heldOffer}`);
});

const staff = () => s.users.admin.token;
let codeSeq = 0;
const code = () => `HOLD-TEST-${++codeSeq}`;
const payCard = (card: number, amount: number) =>
  s.call('POST', 'transaction', { token: staff(), body: { code: code(), transaction_amount: amount, gidcard_id: card } });
const payout = (seller: TestUser, amount: number) =>
  s.call('POST', 'transaction', { token: staff(), body: { code: code(), transaction_amount: amount, seller_id: seller.id } });
const bulk = (seller: TestUser, amount: number) =>
  s.call('POST', 'bulk-payment', { token: staff(), body: { code: code(), paid_amount: amount, seller_id: seller.id } });
const money = async (card: number, token = staff()) => (await s.call('GET', `gift-card-money/${card}`, { token })).body.data;
const place = (body: Record<string, unknown>, token = staff()) => s.call('POST', 'payout-holds', { token, body });
const release = (id: number, token = staff(), note?: string) =>
  s.call('POST', `payout-hold-release/${id}`, { token, body: note ? { note } : {} });

/** Every surface's figures of one seller agree: due = available now + on hold, the same in each. */
async function figuresAgree(seller: TestUser) {
  const d = await sellerFiguresAgree(s, seller, staff());
  const today = new Date().toISOString().slice(0, 10);
  const st = await s.call('GET', `seller-statement?start_date=${today}&end_date=${today}`, { token: seller.token });
  expect(st.body.today).toEqual(d);
  return d;
}

describe("an offer's payout hold", () => {
  it('holds a card approved under it for its days: refused with the release date, then paid once the clock passes it', async () => {
    const seller = await s.createUser('seller');
    const card = await insertCard(s.database, { sellerId: seller.id, offerId: heldOffer, price: '50.00' });
    const free = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '20.00' });
    const m = await money(card, seller.token);
    expect(m.hold).toEqual({ until: expect.any(String), reason: null });
    const until = new Date(m.hold.until).getTime();
    expect(until - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect((await money(free)).hold).toBeNull();

    const d = await figuresAgree(seller);
    expect(d).toEqual({ due: 70, available_now: 20, on_hold: 50, hold_release: m.hold.until });

    const r = await payCard(card, 10);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(MSG.cardHeld(`${m.hold.until.slice(0, 10)} ${m.hold.until.slice(11, 16)} UTC`));
    // A payout and a bulk payment skip the held card: 20 is available, 21 is refused naming the release date.
    const big = await payout(seller, 21);
    expect(big.status).toBe(422);
    expect(big.body.message).toContain('$20.00');
    expect(big.body.message).toContain(m.hold.until.slice(0, 10));
    expect((await bulk(seller, 21)).status).toBe(422);
    expect((await bulk(seller, 20)).status).toBe(200);
    expect(await cardPaid(s.database, free)).toBe('20.00');
    expect(await cardPaid(s.database, card)).toBe('0.00');
    expect(await figuresAgree(seller)).toEqual({ due: 50, available_now: 0, on_hold: 50, hold_release: m.hold.until });

    // Eight days on, the hold is over: the card is paid.
    setClock(8 * DAY);
    expect((await money(card)).hold).toBeNull();
    expect(await figuresAgree(seller)).toEqual({ due: 50, available_now: 50, on_hold: 0, hold_release: null });
    expect((await payCard(card, 50)).status).toBe(200);
    expect(await cardPaid(s.database, card)).toBe('50.00');
  });

  it('an offer without hold days (the default) holds nothing: every figure as before', async () => {
    const seller = await s.createUser('seller');
    const offers = await s.call('GET', 'all-gift-card-offer', { token: staff() });
    expect(offers.body.find((o: { id: number }) => o.id === plainOffer).hold_days).toBe(0);
    const card = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '30.00' });
    expect(await figuresAgree(seller)).toEqual({ due: 30, available_now: 30, on_hold: 0, hold_release: null });
    expect((await payCard(card, 30)).status).toBe(200);
  });

  it('the offer form sets hold days (0 to 365); a new offer without them has 0', async () => {
    const body = { title: 'Form offer', is_active: 1, price_type: 0, min_price: 10, max_price: 100, rate_type: 1, rate: 1 };
    expect((await s.call('POST', 'gift-card-offer', { token: staff(), body: { ...body, hold_days: 366 } })).status).toBe(422);
    expect((await s.call('POST', 'gift-card-offer', { token: staff(), body: { ...body, hold_days: '3' } })).status).toBe(200);
    const all = (await s.call('GET', 'all-gift-card-offer', { token: staff() })).body;
    expect(all[0]).toMatchObject({ title: 'Form offer', hold_days: 3 });
  });
});

describe('staff holds on a seller or a card', () => {
  it('a seller hold holds every card until released; it is audited; the seller sees the reason', async () => {
    const seller = await s.createUser('seller');
    const a = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '40.00' });
    const b = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '10.00' });
    const placed = await place({ seller_id: seller.id, reason: 'Chargeback review' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ msg: MSG.holdPlaced, data: { seller_id: seller.id, until: null, active: true } });
    expect((await money(a, seller.token)).hold).toEqual({ until: null, reason: 'Chargeback review' });
    expect(await figuresAgree(seller)).toEqual({ due: 50, available_now: 0, on_hold: 50, hold_release: null });
    const r = await payCard(b, 5);
    expect(r).toMatchObject({ status: 422, body: { message: MSG.cardHeld(null) } });
    expect((await payout(seller, 1)).status).toBe(422);

    const rel = await release(placed.body.data.id, s.users.manager.token, 'Cleared');
    expect(rel).toMatchObject({ status: 200, body: { msg: MSG.holdReleased, data: { active: false, release_note: 'Cleared' } } });
    expect((await release(placed.body.data.id)).body.message).toBe(MSG.holdAlreadyReleased);
    expect(await figuresAgree(seller)).toEqual({ due: 50, available_now: 50, on_hold: 0, hold_release: null });
    expect((await payout(seller, 50)).status).toBe(200);

    const audit = await s.call('GET', `audit-log?entity=payout_hold&entity_id=${placed.body.data.id}`, { token: staff() });
    expect(audit.body.data.map((e: { action: string }) => e.action).sort()).toEqual(['hold_placed', 'hold_released']);
    const list = await s.call('GET', `payout-holds?seller_id=${seller.id}`, { token: staff() });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ reason: 'Chargeback review', released_by: s.users.manager.id });
  });

  it('a card hold for some days: the payout goes to the other cards (oldest first, the held one skipped), and it ends by itself', async () => {
    const seller = await s.createUser('seller');
    const old = new Date(Date.now() - 3 * DAY).toISOString();
    const first = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '30.00', approvalDate: old });
    const second = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '30.00' });
    const placed = await place({ gift_card_id: first, reason: 'Photo check', days: 2 });
    expect(placed.status).toBe(200);
    const d = await figuresAgree(seller);
    expect(d).toMatchObject({ due: 60, available_now: 30, on_hold: 30 });
    expect(d.hold_release).toBe(placed.body.data.until);
    expect((await payout(seller, 25)).status).toBe(200);
    expect(await cardPaid(s.database, first)).toBe('0.00');
    expect(await cardPaid(s.database, second)).toBe('25.00');
    setClock(2 * DAY + 60_000);
    expect((await money(first)).hold).toBeNull();
    expect((await s.call('GET', `payout-holds?gift_card_id=${first}`, { token: staff() })).body.data[0].active).toBe(false);
    expect((await release(placed.body.data.id)).body.message).toBe(MSG.holdEnded);
    expect((await payout(seller, 35)).status).toBe(200);
    expect(await cardPaid(s.database, first)).toBe('30.00');
  });

  it('after a clawback the debit is offset against the cards not held first', async () => {
    const seller = await s.createUser('seller');
    const paid = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '40.00' });
    expect((await payCard(paid, 40)).status).toBe(200);
    const free = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '30.00' });
    const held = await insertCard(s.database, { sellerId: seller.id, offerId: heldOffer, price: '20.00' });
    const r = await s.call('POST', `gift-card-dispute/${paid}`, { token: staff(), body: { reason: 'used', note: 'x' } });
    expect(r.status).toBe(200);
    // due 30 + 20 - 40 = 10; on hold 20; available -10: nothing may be paid.
    expect(await figuresAgree(seller)).toMatchObject({ due: 10, available_now: -10, on_hold: 20 });
    expect((await payCard(free, 5)).status).toBe(422);
    expect((await payout(seller, 5)).status).toBe(422);
    setClock(8 * DAY);
    expect(await figuresAgree(seller)).toMatchObject({ due: 10, available_now: 10, on_hold: 0 });
    expect((await payout(seller, 10)).status).toBe(200);
    expect(await cardPaid(s.database, free)).toBe('10.00');
    expect(await cardPaid(s.database, held)).toBe('0.00');
  });

  it('a payout edit re-allocates around held cards and may not raise a held card', async () => {
    const seller = await s.createUser('seller');
    const a = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '20.00' });
    const b = await insertCard(s.database, { sellerId: seller.id, offerId: plainOffer, price: '20.00' });
    const c = code();
    expect((await s.call('POST', 'transaction', { token: staff(), body: { code: c, transaction_amount: 10, gidcard_id: a } })).status).toBe(
      200,
    );
    const [{ id: tx }] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c}`);
    await place({ gift_card_id: a, reason: 'Check' });
    const up = (amount: number) =>
      s.call('POST', `transaction-update/${tx}`, { token: staff(), body: { code: c, transaction_amount: amount } });
    expect((await up(15)).body.message).toBe(MSG.cardHeld(null));
    expect((await up(5)).status).toBe(200);
    expect(await cardPaid(s.database, a)).toBe('5.00');
    expect(b).toBeGreaterThan(a);
  });

  it('names a seller or a card, and refuses unknown ones', async () => {
    expect((await place({ reason: 'x' })).status).toBe(422);
    expect((await place({ seller_id: s.users.sellerA.id, gift_card_id: 1, reason: 'x' })).status).toBe(422);
    expect((await place({ seller_id: s.users.admin.id, reason: 'x' })).status).toBe(422);
    expect((await place({ gift_card_id: 999999, reason: 'x' })).status).toBe(422);
    expect((await place({ seller_id: s.users.sellerA.id, reason: '' })).status).toBe(422);
    expect((await place({ seller_id: s.users.sellerA.id, reason: 'x', days: 0 })).status).toBe(422);
    expect((await release(999999)).status).toBe(404);
    expect((await s.call('GET', 'payout-holds', { token: staff() })).status).toBe(422);
  });
});

describe('FOUR_EYES=1', () => {
  let f: TestServer;
  beforeAll(async () => {
    f = await startTestServer({ config: { FOUR_EYES: true } });
  });
  afterAll(async () => f?.close());

  it('a hold is released by a staff member other than the one who placed it', async () => {
    const placed = await f.call('POST', 'payout-holds', {
      token: f.users.admin.token,
      body: { seller_id: f.users.sellerA.id, reason: 'Review' },
    });
    expect(placed.status).toBe(200);
    const own = await f.call('POST', `payout-hold-release/${placed.body.data.id}`, { token: f.users.admin.token, body: {} });
    expect(own).toMatchObject({ status: 403, body: { message: MSG.holdSamePerson } });
    const other = await f.call('POST', `payout-hold-release/${placed.body.data.id}`, { token: f.users.manager.token, body: {} });
    expect(other.status).toBe(200);
  });
});
