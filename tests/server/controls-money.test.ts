import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { approvedCardOf, createOffer, rangeOffer, staffUpdate } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

// Issue 29: maker-checker on every path that moves money (FOUR_EYES=1, a $1,000 limit, two managers and a seller).
let s: TestServer;
let m1: TestUser;
let m2: TestUser;
let offer: number;
beforeAll(async () => {
  s = await startTestServer({ config: { FOUR_EYES: true, FOUR_EYES_LIMIT: 100000 } });
  m1 = s.users.manager;
  m2 = await s.createUser('manager', 'Manager Two');
  offer = await createOffer(s, rangeOffer({ title: 'Controls', min_price: 1, max_price: 100000, rate: 10 }));
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

let seq = 0;
const code = () => `CTL-${Date.now()}-${++seq}`;

/** A card of `seller` at `price`, approved by `by`. */
const approved = (seller: TestUser, price: number, by: TestUser, cardNumber?: string) =>
  approvedCardOf(s, seller, offer, price, by, cardNumber);
/** A seller payout by `by`, accepted at once: its code and id. */
async function payout(by: TestUser, seller: TestUser, amount: number): Promise<{ code: string; id: number }> {
  const c = code();
  const r = await s.call('POST', 'transaction', { token: by.token, body: { code: c, transaction_amount: amount, seller_id: seller.id } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c}`);
  return { code: c, id: t.id };
}
const editPayout = (by: TestUser, t: { code: string; id: number }, seller: TestUser, amount: number) =>
  s.call('POST', `transaction-update/${t.id}`, {
    token: by.token,
    body: { code: t.code, transaction_amount: amount, seller_id: seller.id },
  });
const paidTotal = async (sellerId: number) =>
  (
    await s.database.query<{ n: string }>(
      sql`SELECT coalesce(sum(transaction_amount), 0)::text AS n FROM transactions WHERE seller_id = ${sellerId}`,
    )
  )[0].n;

describe('maker-checker on every money path', () => {
  it('1. the approver of a card cannot pay it through a seller payout (the card is named)', async () => {
    const seller = await s.createUser('seller');
    const card = await approved(seller, 100, m1);
    const r = await s.call('POST', 'transaction', {
      token: m1.token,
      body: { code: code(), transaction_amount: 50, seller_id: seller.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.errorMsg).toContain(`#${card}`);
    expect(await paidTotal(seller.id)).toBe('0');
    const bulk = await s.call('POST', 'bulk-payment', { token: m1.token, body: { code: code(), paid_amount: 50, seller_id: seller.id } });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errorMsg).toContain(`#${card}`);
    const other = await s.call('POST', 'transaction', {
      token: m2.token,
      body: { code: code(), transaction_amount: 50, seller_id: seller.id },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });

  it('2. a seller payout above the limit waits for a second staff member', async () => {
    const seller = await s.createUser('seller');
    await approved(seller, 5000, s.users.admin);
    const r = await s.call('POST', 'transaction', {
      token: m1.token,
      body: { code: code(), transaction_amount: 1500, seller_id: seller.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(await paidTotal(seller.id)).toBe('0');
    // The second manager approves it from the pending list: the payment is made then.
    const req = (await s.call('GET', 'pending-payment', { token: m2.token })).body.data.find(
      (x: { seller: { id: number } }) => x.seller.id === seller.id,
    );
    expect(req).toMatchObject({ kind: 'payout', amount: 1500, maker: { id: m1.id } });
    expect((await s.call('POST', `pending-payment-approve/${req.id}`, { token: m1.token })).status).toBe(403);
    const ok = await s.call('POST', `pending-payment-approve/${req.id}`, { token: m2.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await paidTotal(seller.id)).toBe('1500.00');
  });

  it('2b. a card payment above the limit waits too', async () => {
    const seller = await s.createUser('seller');
    const card = await approved(seller, 5000, s.users.admin);
    const r = await s.call('POST', 'transaction', { token: m1.token, body: { code: code(), transaction_amount: 1500, gidcard_id: card } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(await paidTotal(seller.id)).toBe('0');
  });

  it('3. raising a payout by more than the limit is a payment of the difference: it waits', async () => {
    const seller = await s.createUser('seller');
    await approved(seller, 5000, s.users.admin);
    const c = code();
    expect(
      (await s.call('POST', 'bulk-payment', { token: m1.token, body: { code: c, paid_amount: 10, seller_id: seller.id } })).status,
    ).toBe(200);
    const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c}`);
    const r = await s.call('POST', `transaction-update/${t.id}`, {
      token: m1.token,
      body: { code: c, transaction_amount: 1200, seller_id: seller.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(await paidTotal(seller.id)).toBe('10.00');
    const req = (await s.call('GET', 'pending-payment', { token: m2.token })).body.data.find(
      (x: { seller: { id: number } }) => x.seller.id === seller.id,
    );
    expect(req).toMatchObject({ kind: 'payout_edit', amount: 1200, transaction_id: t.id });
    const ok = await s.call('POST', `pending-payment-approve/${req.id}`, { token: m2.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await paidTotal(seller.id)).toBe('1200.00');
    // Within the limit (or lowering) goes through.
    const small = await s.call('POST', `transaction-update/${t.id}`, {
      token: m1.token,
      body: { code: c, transaction_amount: 900, seller_id: seller.id },
    });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
  });

  it('3b. a payout edit that would allocate more to a card the editor approved is refused, naming the card', async () => {
    const seller = await s.createUser('seller');
    await approved(seller, 100, s.users.admin);
    const mine = await approved(seller, 100, m1);
    const t = await payout(m2, seller, 150);
    // Lowering what the payout pays onto the editor's card adds nothing to it: not the editor's payment.
    const lower = await editPayout(m1, t, seller, 120);
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    const r = await editPayout(m1, t, seller, 160);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.errorMsg).toBe(MSG.approverCannotPayCard(mine));
    // A raise that stays on the other approver's card passes the rule (and waits, as any raise does).
    const other = await s.createUser('seller');
    await approved(other, 100, s.users.admin);
    await approved(other, 100, m1);
    const raise = await editPayout(m1, await payout(m2, other, 50), other, 80);
    expect(raise.status, JSON.stringify(raise.body)).toBe(202);
  });

  it("4. raising an approved card's price sends it back to Pending; with the status sent, it is a new approval by the editor", async () => {
    const seller = await s.createUser('seller');
    const card = await approved(seller, 20, m1);
    const edit = await staffUpdate(s, card, { giftcard_offer_id: offer, price: '99999' }, m2.token);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const [row] = await s.database.query<{ card_status: number }>(sql`SELECT card_status FROM gift_cards WHERE id = ${card}`);
    expect(row.card_status).toBe(0);
    const pay = await s.call('POST', 'transaction', {
      token: m2.token,
      body: { code: code(), transaction_amount: 89999.1, gidcard_id: card },
    });
    expect(pay.status).toBe(422);
    expect(await paidTotal(seller.id)).toBe('0');
    const history = await s.call('GET', `gift-card-history/${card}?page=1`, { token: seller.token });
    expect(JSON.stringify(history.body)).toMatch(/withdrawn/i);
    // The edit form sends the status with the fields: the editor approves the new terms, so they may not pay them.
    const other = await approved(seller, 20, m1);
    const again = await staffUpdate(s, other, { giftcard_offer_id: offer, price: '500', card_status: 1 }, m2.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const [now] = await s.database.query<{ card_status: number; approved_by: number }>(
      sql`SELECT card_status, approved_by FROM gift_cards WHERE id = ${other}`,
    );
    expect(now).toEqual({ card_status: 1, approved_by: m2.id });
    const own = await s.call('POST', 'transaction', { token: m2.token, body: { code: code(), transaction_amount: 5, gidcard_id: other } });
    expect(own.status).toBe(422);
    expect(own.body.errorMsg).toBe('You approved this gift card: another staff member must pay it.');
  });

  it('4b. a number edit (even filling in a missing one) withdraws the approval or goes through the duplicate check; a paid card keeps its number', async () => {
    const seller = await s.createUser('seller');
    const rival = await s.createUser('seller');
    const taken = `TAKEN-${code()}`;
    await approved(rival, 100, m1, taken);
    // Card #24 of the review: approved without a number, then given another seller's approved number.
    const bare = await approved(seller, 100, m1);
    const dup = await staffUpdate(s, bare, { giftcard_offer_id: offer, price: '100', card_status: 1, card_number: taken }, m2.token);
    expect(dup.status, JSON.stringify(dup.body)).toBe(409);
    const quiet = await staffUpdate(s, bare, { giftcard_offer_id: offer, price: '100', card_number: taken }, m2.token);
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(200);
    const [row] = await s.database.query<{ card_status: number }>(sql`SELECT card_status FROM gift_cards WHERE id = ${bare}`);
    expect(row.card_status).toBe(0);
    // A description edit keeps the approval.
    const paid = await approved(seller, 100, m1);
    expect(
      (await staffUpdate(s, paid, { giftcard_offer_id: offer, price: '100', card_status: 1, description: 'x' }, m2.token)).status,
    ).toBe(200);
    const [still] = await s.database.query<{ card_status: number }>(sql`SELECT card_status FROM gift_cards WHERE id = ${paid}`);
    expect(still.card_status).toBe(1);
    expect(
      (await s.call('POST', 'transaction', { token: m2.token, body: { code: code(), transaction_amount: 5, gidcard_id: paid } })).status,
    ).toBe(200);
    expect((await staffUpdate(s, paid, { giftcard_offer_id: offer, price: '200', card_status: 1 }, m2.token)).status).toBe(422);
    // A paid card's missing number may be filled in, through the duplicate check; a number it has cannot change.
    const fill = (n: string) => staffUpdate(s, paid, { giftcard_offer_id: offer, price: '100', card_status: 1, card_number: n }, m2.token);
    expect((await fill(taken)).status).toBe(409);
    const fresh = `N-${code()}`;
    expect((await fill(fresh)).status).toBe(200);
    expect((await fill(`M-${code()}`)).status).toBe(422);
  });
});
