import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { approvedCardOf, createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG, staleRecordMessage } from '../../src/shared/messages';
import { loadConfig } from '../../src/server/config';

// Issue 48: with FOUR_EYES=1 and a $100 limit, one person can neither split, edit nor race around the controls.
let s: TestServer;
let reviewer: TestUser;
let m2: TestUser;
let offer: number;
beforeAll(async () => {
  s = await startTestServer({ config: { FOUR_EYES: true, FOUR_EYES_LIMIT: 10000, FOUR_EYES_WINDOW_HOURS: 24 } });
  reviewer = await s.createUser('manager', 'Reviewer');
  m2 = await s.createUser('manager', 'Second');
  offer = await createOffer(s, rangeOffer({ title: 'Controls 48', min_price: 1, max_price: 5000, rate: 0 }));
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

let seq = 0;
const code = () => `C48-${Date.now()}-${++seq}`;
const admin = () => s.users.admin;

const approvedCard = (seller: TestUser, price: number, by: TestUser = reviewer) => approvedCardOf(s, seller, offer, price, by);
const paidTo = async (sellerId: number) =>
  (
    await s.database.query<{ n: string }>(
      sql`SELECT coalesce(sum(transaction_amount), 0)::text AS n FROM transactions WHERE seller_id = ${sellerId} AND kind = 0`,
    )
  )[0].n;
const requestsOf = async (sellerId: number, token = m2.token) =>
  (await s.call('GET', 'pending-payment', { token })).body.data.filter((r: { seller: { id: number } }) => r.seller.id === sellerId);
const payout = (by: TestUser, sellerId: number, amount: number, c = code()) =>
  s.call('POST', 'transaction', { token: by.token, body: { code: c, transaction_amount: amount, seller_id: sellerId } });
const bulk = (by: TestUser, sellerId: number, amount: number) =>
  s.call('POST', 'bulk-payment', { token: by.token, body: { code: code(), paid_amount: amount, seller_id: sellerId } });
const payCard = (by: TestUser, card: number, amount: number, headers?: Record<string, string>) =>
  s.call('POST', 'transaction', { token: by.token, body: { code: code(), transaction_amount: amount, gidcard_id: card }, headers });
const etag = async (url: string) => {
  const r = await s.app.inject({ method: 'GET', url: `/api/${url}`, headers: { authorization: `Bearer ${admin().token}` } });
  return { tag: r.headers.etag as string, body: r.json() };
};

describe('splitting: the limit is on what one person moves, not on one request', () => {
  it('payouts and bulk payments to one seller count together over the window; the one over the limit waits, with the earlier ones shown', async () => {
    const seller = await s.createUser('seller');
    await approvedCard(seller, 1000);
    expect((await bulk(admin(), seller.id, 60)).status).toBe(200);
    expect((await payout(admin(), seller.id, 40)).status).toBe(200);
    const third = await payout(admin(), seller.id, 0.01);
    expect(third.status, JSON.stringify(third.body)).toBe(202);
    expect((await bulk(admin(), seller.id, 100)).status).toBe(202);
    expect(await paidTo(seller.id)).toBe('100.00');
    const req = (await requestsOf(seller.id)).find((r: { amount: number }) => r.amount === 0.01);
    expect(req.earlier.map((e: { amount: number }) => e.amount)).toEqual([60, 40]);
    // Another staff member has their own room; an approved payment is no longer the maker's alone.
    expect((await payout(m2, seller.id, 100)).status).toBe(200);
    expect((await s.call('POST', `pending-payment-approve/${req.id}`, { token: m2.token })).status).toBe(200);
    expect(await paidTo(seller.id)).toBe('200.01');
  });

  it("the card route too: a card's payments add up, whoever makes them", async () => {
    const seller = await s.createUser('seller');
    const card = await approvedCard(seller, 300);
    expect((await payCard(admin(), card, 100)).status).toBe(200);
    expect((await payCard(admin(), card, 100)).status).toBe(202);
    expect((await payCard(m2, card, 50)).status).toBe(202);
    expect(await paidTo(seller.id)).toBe('100.00');
  });
});

describe('edits are new decisions', () => {
  it('raising, moving or re-coding an approved payout is a change request; lowering goes through; the request shows old and new', async () => {
    const seller = await s.createUser('seller');
    const other = await s.createUser('seller');
    await approvedCard(seller, 1000);
    await approvedCard(other, 1000);
    const c = code();
    expect((await payout(admin(), seller.id, 150, c)).status).toBe(202);
    const [req] = await requestsOf(seller.id);
    expect((await s.call('POST', `pending-payment-approve/${req.id}`, { token: m2.token })).status).toBe(200);
    const [t] = await s.database.query<{ id: number; checked_by: number }>(sql`SELECT id, checked_by FROM transactions WHERE code = ${c}`);
    expect(t.checked_by).toBe(m2.id);
    const edit = (amount: number, sellerId = seller.id, newCode = c) =>
      s.call('POST', `transaction-update/${t.id}`, {
        token: admin().token,
        body: { code: newCode, transaction_amount: amount, seller_id: sellerId },
      });
    expect((await edit(250)).status).toBe(202);
    expect((await edit(150, seller.id, `${c}-X`)).status).toBe(202);
    expect((await edit(1)).status).toBe(200);
    expect(await paidTo(seller.id)).toBe('1.00');
    expect((await edit(101)).status).toBe(202);
    expect((await edit(1, other.id)).status).toBe(202);
    expect(await paidTo(other.id)).toBe('0');
    const moves = await requestsOf(other.id);
    expect(moves[0]).toMatchObject({ kind: 'payout_edit', amount: 1, before: { amount: 1, seller: { id: seller.id } } });
    const raise = (await requestsOf(seller.id)).find((r: { amount: number }) => r.amount === 250);
    expect(raise.before).toMatchObject({ code: c, amount: 150 });
    // The maker's own unapproved payout: a code fix is no new decision, a raise is.
    const c2 = code();
    expect((await payout(admin(), seller.id, 10, c2)).status).toBe(200);
    const [t2] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c2}`);
    const fix = await s.call('POST', `transaction-update/${t2.id}`, {
      token: admin().token,
      body: { code: `${c2}-fixed`, transaction_amount: 10, seller_id: seller.id },
    });
    expect(fix.status, JSON.stringify(fix.body)).toBe(200);
    const up = await s.call('POST', `transaction-update/${t2.id}`, {
      token: admin().token,
      body: { code: `${c2}-fixed`, transaction_amount: 11, seller_id: seller.id },
    });
    expect(up.status).toBe(202);
    // Approving the move moves it, and records the approver.
    expect((await s.call('POST', `pending-payment-approve/${moves[0].id}`, { token: m2.token })).status).toBe(200);
    const [moved] = await s.database.query<{ seller_id: number; checked_by: number }>(
      sql`SELECT seller_id, checked_by FROM transactions WHERE id = ${t.id}`,
    );
    expect(moved).toEqual({ seller_id: other.id, checked_by: m2.id });
  });

  it("the card's approver may not be the payment's checker; an approval that fails leaves nothing behind", async () => {
    const seller = await s.createUser('seller');
    const card = await approvedCard(seller, 500, reviewer);
    expect((await payCard(admin(), card, 200)).status).toBe(202);
    const [req] = await requestsOf(seller.id);
    const own = await s.call('POST', `pending-payment-approve/${req.id}`, { token: reviewer.token });
    expect(own.status).toBe(422);
    expect(own.body.errorMsg).toBe(MSG.approverCannotCheck(card));
    expect(await paidTo(seller.id)).toBe('0');
    const [audits] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'payment_approved' AND (details->>'request_id')::int = ${req.id}`,
    );
    expect(audits.n).toBe(0);
    expect((await requestsOf(seller.id))[0].status).toBe('pending');
    expect((await s.call('POST', `pending-payment-approve/${req.id}`, { token: m2.token })).status).toBe(200);
    expect(await paidTo(seller.id)).toBe('200.00');
  });
});

describe('optimistic concurrency: versions checked with the row locked', () => {
  it('the ETag is the version in the answer; counters and payments do not change a version', async () => {
    const seller = await s.createUser('seller');
    const card = await approvedCard(seller, 50);
    const seen = await etag(`gift-card/${card}`);
    expect(seen.tag).toBe(`"${seen.body.data.version}"`);
    const user = await etag(`users/${seller.id}`);
    expect((await payCard(m2, card, 10)).status).toBe(200);
    expect((await etag(`gift-card/${card}`)).tag).toBe(seen.tag);
    const edit = await s.call('PUT', `users/${seller.id}`, {
      token: admin().token,
      headers: { 'if-match': user.tag },
      body: { name: 'Renamed seller', email: `renamed-${seller.id}@example.com`, role: 'seller' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await etag(`users/${seller.id}`)).tag).not.toBe(user.tag);
  });

  it('two staff deciding one card with the same version: exactly one decision lands, the other is a 412', async () => {
    const seller = await s.createUser('seller');
    const cards = [];
    for (let i = 0; i < 8; i++) cards.push(await submitCard(s, seller, { giftcard_offer_id: offer, price: '20' }));
    for (const card of cards) {
      const { tag } = await etag(`gift-card/${card}`);
      const [a, b] = await Promise.all([
        s.call('POST', `gift-card-review/${card}`, { token: admin().token, headers: { 'if-match': tag }, body: { action: 'approve' } }),
        s.call('POST', `gift-card-review/${card}`, {
          token: m2.token,
          headers: { 'if-match': tag },
          body: { action: 'reject', reject_reason: 'wrong_card' },
        }),
      ]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 412]);
      const loser = a.status === 412 ? a : b;
      expect(loser.body.message).toBe(staleRecordMessage('card'));
    }
  });

  it('a card payment with a stale version is refused and pays nothing', async () => {
    const seller = await s.createUser('seller');
    const card = await approvedCard(seller, 50);
    const { tag } = await etag(`gift-card/${card}`);
    expect(
      (await staffUpdate(s, card, { giftcard_offer_id: offer, price: '50', card_status: 1, description: 'note' }, m2.token)).status,
    ).toBe(200);
    const r = await payCard(m2, card, 10, { 'if-match': tag });
    expect(r.status).toBe(412);
    expect(await paidTo(seller.id)).toBe('0');
  });

  it('bulk review takes a version per card and refuses, alone, the ones changed since', async () => {
    const seller = await s.createUser('seller');
    const changed = await submitCard(s, seller, { giftcard_offer_id: offer, price: '20' });
    const same = await submitCard(s, seller, { giftcard_offer_id: offer, price: '20' });
    const versions = {
      [changed]: (await etag(`gift-card/${changed}`)).body.data.version,
      [same]: (await etag(`gift-card/${same}`)).body.data.version,
    };
    // The seller raises the price after staff read it.
    const raise = await s.call('POST', `gift-card-update/${changed}`, {
      token: seller.token,
      body: { giftcard_offer_id: offer, price: '5000' },
    });
    expect(raise.status, JSON.stringify(raise.body)).toBe(200);
    const r = await s.call('POST', 'gift-card-review-bulk', {
      token: admin().token,
      body: { ids: [changed, same], action: 'approve', versions },
    });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      { id: changed, ok: false, msg: staleRecordMessage('card') },
      { id: same, ok: true, msg: MSG.cardApproved },
    ]);
  });
});

describe('review leases', () => {
  it("deciding a card another reviewer holds is a 409 naming them, unless taken over (in the card's history)", async () => {
    const seller = await s.createUser('seller');
    const card = await submitCard(s, seller, { giftcard_offer_id: offer, price: '20' });
    expect((await s.call('POST', `gift-card-claim/${card}`, { token: reviewer.token })).status).toBe(200);
    const r = await s.call('POST', `gift-card-review/${card}`, { token: m2.token, body: { action: 'approve' } });
    expect(r.status).toBe(409);
    expect(r.body.errorMsg).toBe(MSG.reviewHeldBy('Reviewer'));
    const bulkTry = await s.call('POST', 'gift-card-review-bulk', { token: m2.token, body: { ids: [card], action: 'approve' } });
    expect(bulkTry.body.results[0]).toMatchObject({ ok: false, msg: MSG.reviewHeldBy('Reviewer') });
    const taken = await s.call('POST', `gift-card-review/${card}`, { token: m2.token, body: { action: 'approve', take_over: true } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const [a] = await s.database.query<{ actor_id: number; from: string }>(
      sql`SELECT actor_id, details->>'from_user_id' AS from FROM audit_log WHERE action = 'review_taken_over' AND entity_id = ${card}`,
    );
    expect(a).toEqual({ actor_id: m2.id, from: String(reviewer.id) });
  });
});

describe("a seller's correction while a reviewer holds the card (issue 53)", () => {
  it('waits with a clear message naming nobody; after the reviewer leaves it goes through', async () => {
    const seller = await s.createUser('seller');
    const card = await submitCard(s, seller, { giftcard_offer_id: offer, price: '50' });
    expect((await s.call('POST', `gift-card-claim/${card}`, { token: reviewer.token })).status).toBe(200);
    const edit = () => s.call('POST', `gift-card-update/${card}`, { token: seller.token, body: { giftcard_offer_id: offer, price: '45' } });
    const held = await edit();
    expect(held.status).toBe(409);
    expect(held.body.errorMsg).toBe(MSG.cardBeingReviewed);
    expect(JSON.stringify(held.body)).not.toContain('Reviewer');
    expect((await etag(`gift-card/${card}`)).body.data.price).toBe(50);
    expect((await s.call('DELETE', `gift-card-claim/${card}`, { token: reviewer.token })).status).toBe(200);
    expect((await edit()).status).toBe(200);
    expect((await etag(`gift-card/${card}`)).body.data.price).toBe(45);
  });
});

describe('FOUR_EYES_LIMIT', () => {
  it('replaces FOUR_EYES_BULK_LIMIT, which is still read, with a warning', () => {
    expect(loadConfig({ FOUR_EYES_LIMIT: '250' })).toMatchObject({ FOUR_EYES_LIMIT: 25000, warnings: [] });
    const old = loadConfig({ FOUR_EYES_BULK_LIMIT: '300' });
    expect(old.FOUR_EYES_LIMIT).toBe(30000);
    expect(old.warnings[0]).toMatch(/FOUR_EYES_BULK_LIMIT is now FOUR_EYES_LIMIT/);
    expect(loadConfig({}).FOUR_EYES_LIMIT).toBe(100000);
    expect(loadConfig({}).FOUR_EYES_WINDOW_HOURS).toBe(24);
  });
});

describe('model: payments, edits and approvals by several staff in any order', () => {
  type Step =
    | { t: 'card' | 'payout' | 'bulk'; by: number; amount: number }
    | { t: 'edit'; by: number; amount: number; pick: number }
    | { t: 'approve'; by: number; pick: number };
  const staffIdx = fc.nat(2);
  const cents = fc.integer({ min: 1, max: 9000 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ t: fc.constantFrom('card' as const, 'payout' as const, 'bulk' as const), by: staffIdx, amount: cents }),
    fc.record({ t: fc.constant('edit' as const), by: staffIdx, amount: cents, pick: fc.nat() }),
    fc.record({ t: fc.constant('approve' as const), by: staffIdx, pick: fc.nat() }),
  );

  it('no staff member moves more than the limit to a seller within the window without a second person; the ledger holds', async () => {
    const staff = [admin(), m2, s.users.manager];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const seller = await s.createUser('seller');
        const card = await approvedCard(seller, 2000, reviewer);
        await approvedCard(seller, 2000, reviewer);
        for (const st of steps) {
          const by = staff[st.by]!;
          const amount = st.t === 'approve' ? 0 : st.amount / 100;
          if (st.t === 'card') await payCard(by, card, amount);
          else if (st.t === 'payout') await payout(by, seller.id, amount);
          else if (st.t === 'bulk') await bulk(by, seller.id, amount);
          else if (st.t === 'edit') {
            const ts = await s.database.query<{ id: number; code: string }>(
              sql`SELECT id, code FROM transactions WHERE seller_id = ${seller.id} AND kind = 0 ORDER BY id`,
            );
            const t = ts[st.pick % Math.max(ts.length, 1)];
            if (t)
              await s.call('POST', `transaction-update/${t.id}`, {
                token: by.token,
                body: { code: t.code, transaction_amount: amount, seller_id: seller.id },
              });
          } else if (st.t === 'approve') {
            const open = await requestsOf(seller.id);
            const r = open[st.pick % Math.max(open.length, 1)];
            if (r) await s.call('POST', `pending-payment-approve/${r.id}`, { token: by.token });
          }
        }
        const alone = await s.database.query<{ maker: number; total: string }>(
          sql`SELECT created_by AS maker, sum(transaction_amount)::text AS total FROM transactions
               WHERE seller_id = ${seller.id} AND kind = 0 AND checked_by IS NULL GROUP BY created_by`,
        );
        for (const a of alone) expect(Number(a.total), `staff ${a.maker}`).toBeLessThanOrEqual(100);
        const [onCard] = await s.database.query<{ total: string }>(
          sql`SELECT coalesce(sum(a.amount), 0)::text AS total FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id
               WHERE a.gift_card_id = ${card} AND t.checked_by IS NULL AND t.gift_card_id = ${card}`,
        );
        expect(Number(onCard.total)).toBeLessThanOrEqual(100);
        await checkLedgerInvariants(s.database);
      }),
      { numRuns: Number(process.env.MODEL_RUNS ?? 12) },
    );
  }, 240_000);
});
