import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

/** Issue 32: the review queue (leases), the SLA clock (review targets, overdue first, the dashboard's count). */
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Queue offer' }));
});
afterEach(async () => {
  // Each test starts from an empty queue: what one leaves pending is decided here.
  await s.database.query(sql`UPDATE gift_cards SET card_status = 2, reject_reason = 'other', rejection_date = now() WHERE card_status = 0`);
  await s.database.query(sql`DELETE FROM card_review_claims`);
  await checkLedgerInvariants(s.database);
});
afterAll(async () => s?.close());

const newCard = (offerId = offer) => submitCard(s, s.users.sellerA, { giftcard_offer_id: offerId, price: '40' });
const start = (user: TestUser, skip?: number[]) =>
  s.call('POST', 'gift-card-review-next', { token: user.token, body: skip ? { skip } : {} });
const leased = async (user: TestUser, skip?: number[]): Promise<number | null> => {
  const r = await start(user, skip);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.card?.id ?? null;
};
const holder = async (id: number) =>
  (await s.database.query<{ user_id: number }>(sql`SELECT user_id FROM card_review_claims WHERE gift_card_id = ${id}`))[0]?.user_id ?? null;

describe('the review queue', () => {
  it('hands out the oldest free card, one to each reviewer, and the next one after a skip', async () => {
    const [a, b, c] = [await newCard(), await newCard(), await newCard()];
    const first = await start(s.users.admin);
    expect(first.body.card).toMatchObject({ id: a });
    expect(Date.parse(first.body.card.lease_until) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(first.body.card.review_due_at)).toBeGreaterThan(Date.now() + 50 * 60_000);
    // The manager gets the next card; the admin asking again keeps theirs.
    expect(await leased(s.users.manager)).toBe(b);
    expect(await leased(s.users.admin)).toBe(a);
    // Next (skipping a): a is released, c leased; a reviewer holds one card at a time.
    expect(await leased(s.users.admin, [a])).toBe(c);
    expect(await holder(a)).toBeNull();
    expect(await holder(c)).toBe(s.users.admin.id);
    // Anyone opening a held card sees who holds it and since when.
    const claim = await s.call('POST', `gift-card-claim/${c}`, { token: s.users.manager.token });
    expect(claim.body.claim).toMatchObject({ user_id: s.users.admin.id, name: s.users.admin.name });
    // Nothing free for a third reviewer but a (released); then nothing at all.
    const third = await s.createUser('manager', 'Third reviewer');
    expect(await leased(third)).toBe(a);
    const fourth = await s.createUser('manager', 'Fourth reviewer');
    expect((await start(fourth)).body).toEqual({ card: null });
    // Sellers may not take cards from the queue; a bad skip list is a 422.
    expect((await start(s.users.sellerA)).status).toBe(403);
    expect((await s.call('POST', 'gift-card-review-next', { token: s.users.admin.token, body: { skip: ['x'] } })).status).toBe(422);
  });

  it('gives reviewers pressing Start at the same moment different cards', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 8; i++) ids.add(await newCard());
    const staff = [s.users.admin, s.users.manager];
    for (let i = 0; i < 6; i++) staff.push(await s.createUser('manager', `Concurrent ${i}`));
    const got = await Promise.all(staff.map((u) => leased(u)));
    expect(got.every((id) => id !== null && ids.has(id))).toBe(true);
    expect(new Set(got).size).toBe(staff.length);
    const rows = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM card_review_claims`);
    expect(Number(rows[0].n)).toBe(staff.length);
  });

  it('lets a lease expire after 10 minutes, and releases it on a decision and on leaving', async () => {
    const [a, b] = [await newCard(), await newCard()];
    expect(await leased(s.users.admin)).toBe(a);
    expect(await leased(s.users.manager)).toBe(b);
    // Renewed while the admin works on it (opening it again claims it afresh).
    await s.database.query(sql`UPDATE card_review_claims SET claimed_at = now() - interval '9 minutes' WHERE gift_card_id = ${a}`);
    expect((await s.call('POST', `gift-card-claim/${a}`, { token: s.users.admin.token })).body).toEqual({ claim: null });
    const renewed = await s.database.query<{ age: number }>(
      sql`SELECT extract(epoch FROM now() - claimed_at)::int AS age FROM card_review_claims WHERE gift_card_id = ${a}`,
    );
    expect(Number(renewed[0].age)).toBeLessThan(60);
    // 11 minutes without a renewal: the lease has expired and the queue hands the card to someone else.
    await s.database.query(sql`UPDATE card_review_claims SET claimed_at = now() - interval '11 minutes' WHERE gift_card_id = ${a}`);
    const other = await s.createUser('manager', 'Expiry reviewer');
    expect(await leased(other)).toBe(a);
    // A decision releases the card; the decider's next Start gets a card again (none left here).
    const approve = await s.call('POST', `gift-card-review/${a}`, {
      token: other.token,
      body: { action: 'approve', card_number: 'Q-1001' },
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(await holder(a)).toBeNull();
    expect((await s.call('GET', `gift-card/${a}`, { token: other.token })).body.data).toMatchObject({
      card_status: 1,
      card_number: 'Q-1001',
    });
    // Leaving releases only one's own claim.
    expect((await s.call('DELETE', `gift-card-claim/${b}`, { token: s.users.admin.token })).body).toEqual({ msg: MSG.claimReleased });
    expect(await holder(b)).toBe(s.users.manager.id);
    expect((await s.call('DELETE', `gift-card-claim/${b}`, { token: s.users.manager.token })).status).toBe(200);
    expect(await holder(b)).toBeNull();
    expect((await s.call('DELETE', `gift-card-claim/${b}`, { token: s.users.sellerA.token })).status).toBe(403);
  });

  it('a number sent with the decision is checked and recorded', async () => {
    const a = await newCard();
    const blank = await s.call('POST', `gift-card-review/${a}`, {
      token: s.users.admin.token,
      body: { action: 'approve', card_number: '\u200b' },
    });
    expect(blank.status).toBe(422);
    const ok = await s.call('POST', `gift-card-review/${a}`, {
      token: s.users.admin.token,
      body: { action: 'reject', reject_reason: 'other', card_number: 'R-77' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const history = await s.call('GET', `gift-card-history/${a}?page=1`, { token: s.users.admin.token });
    expect(history.body.data.data.find((e: { kind: string }) => e.kind === 'edited')).toMatchObject({
      changes: [{ field: 'card_number', before: null, after: 'R-77' }],
    });
  });
});

describe('the SLA clock', () => {
  it("sets each card's due time from its offer's target (default 60), and edits keep the target", async () => {
    const got = await s.call('GET', `gift-card-offer/${offer}`, { token: s.users.admin.token });
    expect(got.body.data ?? got.body).toMatchObject({ review_minutes: 60 });
    const fast = await createOffer(s, { ...rangeOffer({ title: 'Gaming offer' }), review_minutes: 10 });
    const edit = await s.call('POST', `gift-card-offer-update/${fast}`, {
      token: s.users.admin.token,
      body: rangeOffer({ title: 'Gaming offer 2' }),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const bad = await s.call('POST', 'gift-card-offer', {
      token: s.users.admin.token,
      body: { ...rangeOffer({ title: 'Bad' }), review_minutes: 0 },
    });
    expect(bad.status).toBe(422);
    const card = await newCard(fast);
    const [row] = await s.database.query<{ minutes: number }>(
      sql`SELECT round(extract(epoch FROM review_due_at - created_at) / 60)::int AS minutes FROM gift_cards WHERE id = ${card}`,
    );
    expect(Number(row.minutes)).toBe(10);
  });

  it('puts overdue cards first in the queue and the list, and counts them on the dashboard', async () => {
    const before = (await s.call('GET', 'dashboard-figures', { token: s.users.admin.token })).body.overdue;
    const [a, b, c] = [await newCard(), await newCard(), await newCard()];
    // c was submitted 2 hours ago: past its 60 minutes.
    await s.database.query(
      sql`UPDATE gift_cards SET created_at = now() - interval '2 hours', giftcard_offer_id = giftcard_offer_id WHERE id = ${c}`,
    );
    const figures = await s.call('GET', 'dashboard-figures', { token: s.users.admin.token });
    expect(figures.body.overdue).toBe(before + 1);
    const list = await s.call('GET', 'gift-card?page=1&status=0&sort=review_due', { token: s.users.admin.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([c, a, b]);
    expect(Date.parse(list.body.data[0].review_due_at)).toBeLessThan(Date.now());
    // overdue=1 (the dashboard tile's list, issue 55): the cards the figure counts, and no other.
    const late = await s.call('GET', 'gift-card?page=1&overdue=1&sort=review_due', { token: s.users.admin.token });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.total).toBe(figures.body.overdue);
    expect(late.body.data.map((x: { id: number }) => x.id)).toContain(c);
    expect(late.body.data.map((x: { id: number }) => x.id)).not.toContain(a);
    const onTime = await s.call('GET', 'gift-card?page=1&status=0&overdue=0', { token: s.users.admin.token });
    expect(onTime.body.data.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([a, b]));
    expect(onTime.body.data.map((x: { id: number }) => x.id)).not.toContain(c);
    expect(await leased(s.users.admin)).toBe(c);
    expect(await leased(s.users.manager)).toBe(a);
    // Each card that became overdue gets one staff-only event, however often the sweep runs.
    expect(await s.app.services.review.sweepOverdue()).toBe(1);
    expect(await s.app.services.review.sweepOverdue()).toBe(0);
    const events = await s.database.query<{ card_id: number; seller_id: number | null }>(
      sql`SELECT card_id, seller_id FROM events WHERE type = 'review.overdue'`,
    );
    expect(events).toEqual([{ card_id: c, seller_id: null }]);
    // A seller's own figures count their own overdue cards; their list answers carry no staff fields.
    expect((await s.call('GET', 'dashboard-figures', { token: s.users.sellerB.token })).body.overdue).toBe(0);
    const mine = await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerA.token });
    expect(mine.body.data.data[0]).not.toHaveProperty('review_due_at');
  });
});
