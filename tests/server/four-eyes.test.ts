import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

// Maker-checker (FOUR_EYES=1, issue 18): the approver of a card cannot pay it; a bulk payout above
// FOUR_EYES_LIMIT needs a second staff member's confirmation.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { FOUR_EYES: true, FOUR_EYES_LIMIT: 5000 } });
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

let seq = 0;
const code = () => `FOUR-${Date.now()}-${++seq}`;

/** A card of `seller` approved by a third staff member (or by `approver`): whoever pays a card may not have approved it. */
let reviewer: TestUser | undefined;
async function approvedCard(seller: TestUser, price = 100, approver?: TestUser): Promise<number> {
  reviewer ??= await s.createUser('manager', 'Reviewer');
  const offer = await createOffer(s, rangeOffer({ title: `Four ${++seq}`, min_price: 1, max_price: 1000, rate: 10 }));
  const id = await submitCard(s, seller, { giftcard_offer_id: offer, price: String(price) });
  const by = (approver ?? reviewer).token;
  expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price: String(price), card_status: 1 }, by)).status).toBe(200);
  return id;
}
const transactionsOf = async (sellerId: number) =>
  (await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions WHERE seller_id = ${sellerId}`))[0].n;

describe('FOUR_EYES=1', () => {
  it('the settings call says so, with the limit; the card answer names its approver to staff only', async () => {
    const settings = await s.call('GET', 'settings', { token: s.users.manager.token });
    expect(settings.body).toEqual({ four_eyes: true, four_eyes_limit: 50 });
    const seller = await s.createUser('seller');
    const card = await approvedCard(seller, 100, s.users.admin);
    expect((await s.call('GET', `gift-card/${card}`, { token: s.users.manager.token })).body.data.approved_by).toBe(s.users.admin.id);
    expect((await s.call('GET', `gift-card/${card}`, { token: seller.token })).body.data).not.toHaveProperty('approved_by');
    const list = await s.call('GET', `gift-card?page=1&seller_id=${seller.id}`, { token: s.users.manager.token });
    expect(list.body.data[0]).toMatchObject({ id: card, approved_by: s.users.admin.id });
    expect((await s.call('GET', 'my-giftcard?page=1', { token: seller.token })).body.data.data[0]).not.toHaveProperty('approved_by');
  });

  it('the staff member who approved a card cannot pay it; another one can', async () => {
    const seller = await s.createUser('seller');
    const card = await approvedCard(seller, 100, s.users.admin);
    const own = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: code(), transaction_amount: 5, gidcard_id: card },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(422);
    expect(own.body.errorMsg).toBe('You approved this gift card: another staff member must pay it.');
    expect(await transactionsOf(seller.id)).toBe(0);
    const other = await s.call('POST', 'transaction', {
      token: s.users.manager.token,
      body: { code: code(), transaction_amount: 5, gidcard_id: card },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(await transactionsOf(seller.id)).toBe(1);
  });

  it('a bulk payout above the limit waits for a second staff member, who approves it; the maker cannot', async () => {
    const seller = await s.createUser('seller');
    await approvedCard(seller, 100);
    const eventsFrom = (await s.call('GET', 'events', { token: s.users.manager.token })).body.last_id as number;
    const body = { seller_id: seller.id, paid_amount: 60, code: code() };
    const first = await s.call('POST', 'bulk-payment', { token: s.users.admin.token, body });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.msg).toBe(MSG.paymentAwaitsApproval);
    expect(await transactionsOf(seller.id)).toBe(0);
    const list = await s.call('GET', 'pending-payment', { token: s.users.manager.token });
    const req = list.body.data.find((r: { seller: { id: number } }) => r.seller.id === seller.id);
    expect(req).toMatchObject({ kind: 'bulk_payment', status: 'pending', amount: 60, code: body.code, maker: { id: s.users.admin.id } });
    // The maker cannot approve their own request.
    const own = await s.call('POST', `pending-payment-approve/${req.id}`, { token: s.users.admin.token });
    expect(own.status).toBe(403);
    expect(own.body.errorMsg).toBe(MSG.makerCannotApprove);
    expect(await transactionsOf(seller.id)).toBe(0);
    const ok = await s.call('POST', `pending-payment-approve/${req.id}`, { token: s.users.manager.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await transactionsOf(seller.id)).toBe(1);
    // Used once.
    expect((await s.call('POST', `pending-payment-approve/${req.id}`, { token: s.users.manager.token })).status).toBe(422);
    expect(await transactionsOf(seller.id)).toBe(1);
    // Live: staff's streams carry the request and its decision (the screen and its badge follow them); the seller's never.
    const staffEvents = (await s.call('GET', `events?after=${eventsFrom}`, { token: s.users.admin.token })).body.events;
    const approvals = staffEvents.filter((e: { type: string }) => e.type.startsWith('approval.'));
    expect(approvals.map((e: { type: string; data: { request_id: number } }) => [e.type, e.data.request_id])).toEqual([
      ['approval.requested', req.id],
      ['approval.decided', req.id],
    ]);
    expect(approvals[0].data.amount).toBe(60);
    const sellerEvents = (await s.call('GET', `events?after=${eventsFrom}`, { token: seller.token })).body.events;
    expect(sellerEvents.filter((e: { type: string }) => e.type.startsWith('approval.'))).toEqual([]);
  });

  it('a request is declined with a reason, and expires after 24 hours', async () => {
    const seller = await s.createUser('seller');
    await approvedCard(seller, 100);
    const mk = async () => {
      const r = await s.call('POST', 'bulk-payment', {
        token: s.users.admin.token,
        body: { seller_id: seller.id, paid_amount: 60, code: code() },
      });
      expect(r.status).toBe(202);
      return (await s.call('GET', 'pending-payment', { token: s.users.manager.token })).body.data[0].id as number;
    };
    const a = await mk();
    expect((await s.call('POST', `pending-payment-decline/${a}`, { token: s.users.manager.token, body: {} })).status).toBe(422);
    const d = await s.call('POST', `pending-payment-decline/${a}`, { token: s.users.manager.token, body: { reason: 'Wrong seller' } });
    expect(d.status).toBe(200);
    expect((await s.call('POST', `pending-payment-approve/${a}`, { token: s.users.manager.token })).status).toBe(422);
    const b = await mk();
    await s.database.query(sql`UPDATE pending_payments SET created_at = now() - interval '25 hours' WHERE id = ${b}`);
    const listed = (await s.call('GET', 'pending-payment', { token: s.users.manager.token })).body.data.find(
      (r: { id: number }) => r.id === b,
    );
    expect(listed.status).toBe('expired');
    const late = await s.call('POST', `pending-payment-approve/${b}`, { token: s.users.manager.token });
    expect(late.status).toBe(422);
    expect(late.body.errorMsg).toBe(MSG.requestExpired);
    expect(await transactionsOf(seller.id)).toBe(0);
    const [audit] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'user' AND entity_id = ${seller.id} AND action IN ('payment_requested', 'payment_declined')`,
    );
    expect(audit.n).toBe(3);
  });

  it('at or below the limit, and refusals, need no confirmation', async () => {
    const seller = await s.createUser('seller');
    await approvedCard(seller, 100);
    const small = await s.call('POST', 'bulk-payment', {
      token: s.users.admin.token,
      body: { seller_id: seller.id, paid_amount: 50, code: code() },
    });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    // Too large for the seller's due: the usual refusal, before any confirmation is asked for.
    const big = await s.call('POST', 'bulk-payment', {
      token: s.users.admin.token,
      body: { seller_id: seller.id, paid_amount: 500, code: code() },
    });
    expect(big.status).toBe(422);
    expect(big.body.errorMsg).not.toMatch(/second staff member/);
    const [n] = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM pending_payments WHERE seller_id = ${seller.id}`);
    expect(n.n).toBe(0);
  });
});

describe('FOUR_EYES unset (the default)', () => {
  it('the approver pays the card and a large bulk payout goes through at once', async () => {
    const plain = await startTestServer();
    try {
      const offer = await createOffer(plain, rangeOffer({ title: 'Plain', min_price: 1, max_price: 10000, rate: 10 }));
      const seller = plain.users.sellerA;
      const card = await submitCard(plain, seller, { giftcard_offer_id: offer, price: '9000' });
      expect((await staffUpdate(plain, card, { giftcard_offer_id: offer, price: '9000', card_status: 1 })).status).toBe(200);
      const paid = await plain.call('POST', 'transaction', {
        token: plain.users.admin.token,
        body: { code: code(), transaction_amount: 5, gidcard_id: card },
      });
      expect(paid.status).toBe(200);
      const bulk = await plain.call('POST', 'bulk-payment', {
        token: plain.users.admin.token,
        body: { seller_id: seller.id, paid_amount: 6000, code: code() },
      });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
      expect((await plain.call('GET', 'settings', { token: plain.users.admin.token })).body).toEqual({ four_eyes: false });
    } finally {
      await plain.close();
    }
  });
});
