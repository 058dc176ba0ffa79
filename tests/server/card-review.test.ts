import { cardNumberKey } from '../../src/shared/identifiers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';

let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Review offer' }));
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

const admin = () => s.users.admin.token;
const newCard = (fields: Record<string, string | number> = {}, seller = s.users.sellerA) =>
  submitCard(s, seller, { giftcard_offer_id: offer, price: '40', ...fields });
const review = (id: number, body: Record<string, unknown>, token = admin()) => s.call('POST', `gift-card-review/${id}`, { token, body });
const getCard = async (id: number, token = admin()) => (await s.call('GET', `gift-card/${id}`, { token })).body.data;
/** Staff set the card's number (sellers cannot). */
const setNumber = async (id: number, card_number: string) => {
  const r = await staffUpdate(s, id, { giftcard_offer_id: offer, price: '40', card_number });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const today = () => new Date().toISOString().slice(0, 10);

describe('rejection reasons', () => {
  it('the review call requires a reason from the list to reject, stores it with the note, and the seller sees it', async () => {
    const id = await newCard();
    const none = await review(id, { action: 'reject' });
    expect(none.status).toBe(422);
    expect(none.body.errors.reject_reason).toEqual(['The reject reason field is required.']);
    const bad = await review(id, { action: 'reject', reject_reason: 'because' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.reject_reason[0]).toMatch(/must be one of unreadable_image/);

    const ok = await review(id, { action: 'reject', reject_reason: 'used_or_zero_balance', reject_note: 'Balance is $0.00' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.msg).toBe(MSG.cardRejected);
    const mine = await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerA.token });
    expect(mine.body.data.data.find((c: { id: number }) => c.id === id)).toMatchObject({
      card_status: 2,
      reject_reason: 'used_or_zero_balance',
      reject_note: 'Balance is $0.00',
    });
    expect(await getCard(id, s.users.sellerA.token)).toMatchObject({ reject_reason: 'used_or_zero_balance' });
    // Rejecting again is refused; approving clears the reason.
    expect((await review(id, { action: 'reject', reject_reason: 'other' })).body.errorMsg).toBe(MSG.cardAlreadyRejected);
    expect((await review(id, { action: 'approve' })).status).toBe(200);
    expect(await getCard(id)).toMatchObject({ card_status: 1, reject_reason: null, reject_note: null });
    expect((await review(id, { action: 'approve' })).body.errorMsg).toBe(MSG.cardAlreadyApproved);
  });

  it("the spec's update call rejects without a reason (stored as none) and validates one when sent", async () => {
    const id = await newCard();
    const plain = await staffUpdate(s, id, { giftcard_offer_id: offer, price: '40', card_status: 2 });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.msg).toBe('Gift card updated successfully');
    expect(await getCard(id)).toMatchObject({ card_status: 2, reject_reason: null });

    const bad = await staffUpdate(s, id, { giftcard_offer_id: offer, price: '40', card_status: 2, reject_reason: 'nope' });
    expect(bad.status).toBe(422);
    const withReason = await staffUpdate(s, id, {
      giftcard_offer_id: offer,
      price: '40',
      card_status: 2,
      reject_reason: 'unreadable_image',
      reject_note: 'blurred',
    });
    expect(withReason.status).toBe(200);
    expect(await getCard(id)).toMatchObject({ card_status: 2, reject_reason: 'unreadable_image', reject_note: 'blurred' });
    // Another edit that leaves the reason out keeps it; back to pending clears it.
    await staffUpdate(s, id, { giftcard_offer_id: offer, price: '40', description: 'x' });
    expect(await getCard(id)).toMatchObject({ reject_reason: 'unreadable_image' });
    await staffUpdate(s, id, { giftcard_offer_id: offer, price: '40', card_status: 0 });
    expect(await getCard(id)).toMatchObject({ card_status: 0, reject_reason: null, reject_note: null });
  });

  it('a seller cannot review, and a seller sending reasons on the update call changes nothing', async () => {
    const id = await newCard();
    expect((await review(id, { action: 'approve' }, s.users.sellerA.token)).status).toBe(403);
    const r = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.sellerA.token,
      body: { giftcard_offer_id: offer, price: '40', card_status: 2, reject_reason: 'other' },
    });
    expect(r.status).toBe(200);
    expect(await getCard(id)).toMatchObject({ card_status: 0, reject_reason: null });
  });

  it('a card with payments cannot be rejected', async () => {
    const id = await newCard();
    expect((await review(id, { action: 'approve' })).status).toBe(200);
    const pay = await s.call('POST', 'transaction', {
      token: admin(),
      body: { code: `REV-PAY-${id}`, transaction_amount: '5', gidcard_id: id },
    });
    expect(pay.status).toBe(200);
    const r = await review(id, { action: 'reject', reject_reason: 'suspected_fraud' });
    expect(r.status).toBe(422);
    expect(r.body.errorMsg).toBe(MSG.cardHasPayments);
  });

  it('counts rejections per reason over a range (everyone, one seller, a seller their own)', async () => {
    const reasons = async (token: string, seller_id = 0) => {
      const r = await s.call('POST', 'chart-data-reject-reasons', { token, body: { start_date: today(), end_date: today(), seller_id } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return Object.fromEntries(r.body.reasons.map((x: { reason: string; total: number }) => [x.reason, x.total]));
    };
    const before = await reasons(admin());
    const a = await newCard();
    const b = await newCard({}, s.users.sellerB);
    await review(a, { action: 'reject', reject_reason: 'suspected_fraud' });
    await review(b, { action: 'reject', reject_reason: 'suspected_fraud' });
    const after = await reasons(admin());
    expect(after.suspected_fraud - before.suspected_fraud).toBe(2);
    const mineB = await reasons(s.users.sellerB.token, 0);
    expect(mineB.suspected_fraud).toBe((await reasons(admin(), s.users.sellerB.id)).suspected_fraud);
    expect(mineB.suspected_fraud).toBeGreaterThanOrEqual(1);
    // Re-opened: the count follows.
    await staffUpdate(s, a, { giftcard_offer_id: offer, price: '40', card_status: 0 });
    expect((await reasons(admin())).suspected_fraud - before.suspected_fraud).toBe(1);
    const long = await s.call('POST', 'chart-data-reject-reasons', {
      token: admin(),
      body: { start_date: '2020-01-01', end_date: '2024-01-01' },
    });
    expect(long.status).toBe(422);
  });
});

describe('duplicate card numbers', () => {
  it('are found compared normalised (case, spaces, dashes, punctuation), with status and seller, staff only', async () => {
    const first = await newCard();
    const second = await newCard({}, s.users.sellerB);
    await setNumber(first, 'ABCD-1234-XY.9');
    await setNumber(second, ' abcd 1234 xy/9 ');
    const dup = await s.call('GET', `gift-card-duplicates/${second}`, { token: admin() });
    expect(dup.status).toBe(200);
    expect(dup.body.key).toBe(cardNumberKey('ABCD-1234-XY.9'));
    expect(dup.body.numbers).toEqual([
      expect.objectContaining({ id: first, card_status: 0, seller_id: s.users.sellerA.id, name: 'Seller A', blocks: true }),
    ]);
    // As staff type: the typed number, not the stored one.
    const typed = await s.call('GET', `gift-card-duplicates/${second}?card_number=${encodeURIComponent('abcd—1234 XY 9')}`, {
      token: admin(),
    });
    expect(typed.body.numbers).toHaveLength(1);
    const other = await s.call('GET', `gift-card-duplicates/${second}?card_number=zz99`, { token: admin() });
    expect(other.body.numbers).toEqual([]);
    // Sellers never see duplicates, not even of their own card.
    expect((await s.call('GET', `gift-card-duplicates/${second}`, { token: s.users.sellerB.token })).status).toBe(403);
    // The staff list marks both; the seller's list has no such mark.
    const list = await s.call('GET', 'gift-card?page=1', { token: admin() });
    const rows = list.body.data as { id: number; duplicate_count?: number }[];
    expect(rows.find((r) => r.id === second)?.duplicate_count).toBe(1);
    expect(rows.find((r) => r.id === first)?.duplicate_count).toBe(1);
    // A filtered list reads the marks with the cards (one statement): the same marks.
    const filtered = await s.call('GET', 'gift-card?per_page=25&sort=created_at', { token: admin() });
    const marked = filtered.body.data as { id: number; duplicate_count?: number }[];
    expect([marked.find((r) => r.id === second)?.duplicate_count, marked.find((r) => r.id === first)?.duplicate_count]).toEqual([1, 1]);
    expect(marked.filter((r) => r.id !== first && r.id !== second).every((r) => r.duplicate_count === 0)).toBe(true);
    const mine = await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerB.token });
    expect(mine.body.data.data[0]).not.toHaveProperty('duplicate_count');
  });

  it('approving over a pending or approved duplicate is refused on both calls, unless overridden with a reason (audited)', async () => {
    const first = await newCard();
    const second = await newCard({}, s.users.sellerB);
    await setNumber(first, 'DUP-7777');
    await setNumber(second, 'dup 7777');
    const refused = await review(second, { action: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body.errorMsg).toBe(MSG.duplicateNumber(`card #${first} (Pending, Seller A)`));
    const viaUpdate = await staffUpdate(s, second, { giftcard_offer_id: offer, price: '40', card_status: 1 });
    expect(viaUpdate.status).toBe(409);
    expect(viaUpdate.body.errors.card_number[0]).toContain(`#${first}`);
    expect((await getCard(second)).card_status).toBe(0);
    // Override without a reason: a field error.
    const noReason = await review(second, { action: 'approve', override_duplicate: true });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.override_reason).toBeTruthy();
    const over = await review(second, { action: 'approve', override_duplicate: true, override_reason: 'Two halves of one card' });
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    const audit = await s.database.query<{ details: { override?: { reason: string; cards: number[] } } }>(
      sql`SELECT details FROM audit_log WHERE entity = 'gift_card' AND entity_id = ${second} AND action = 'approve'`,
    );
    expect(audit[0].details.override).toEqual({ reason: 'Two halves of one card', cards: [first] });
    // The first one now meets an approved duplicate: refused via the update call, passes with the override there too.
    expect((await staffUpdate(s, first, { giftcard_offer_id: offer, price: '40', card_status: 1 })).status).toBe(409);
    const form = await staffUpdate(s, first, {
      giftcard_offer_id: offer,
      price: '40',
      card_status: 1,
      override_duplicate: '1',
      override_reason: 'checked',
    });
    expect(form.status).toBe(200);
  });

  it('a rejected duplicate does not block', async () => {
    const first = await newCard();
    const second = await newCard({}, s.users.sellerB);
    await setNumber(first, 'REJ-1');
    await setNumber(second, 'rej1');
    expect((await review(first, { action: 'reject', reject_reason: 'duplicate' })).status).toBe(200);
    expect((await review(second, { action: 'approve' })).status).toBe(200);
  });
});

describe('bulk review', () => {
  it('checks each card as if alone and reports what passed and what was refused', async () => {
    const a = await newCard();
    const b = await newCard();
    const c = await newCard({}, s.users.sellerB);
    await setNumber(b, 'BULK-1');
    await setNumber(c, 'bulk1');
    const r = await s.call('POST', 'gift-card-review-bulk', { token: admin(), body: { ids: [a, b, 999999], action: 'approve' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ passed: 1, refused: 2, msg: '1 approved, 2 refused' });
    expect(r.body.results).toEqual([
      { id: a, ok: true, msg: MSG.cardApproved },
      { id: b, ok: false, msg: expect.stringContaining(`#${c}`) },
      { id: 999999, ok: false, msg: 'No gift card with this id' },
    ]);
    const noReason = await s.call('POST', 'gift-card-review-bulk', { token: admin(), body: { ids: [b], action: 'reject' } });
    expect(noReason.status).toBe(422);
    const rej = await s.call('POST', 'gift-card-review-bulk', {
      token: admin(),
      body: { ids: [b, c], action: 'reject', reject_reason: 'duplicate' },
    });
    expect(rej.body).toMatchObject({ passed: 2, refused: 0 });
    expect(
      (await s.call('POST', 'gift-card-review-bulk', { token: s.users.sellerA.token, body: { ids: [a], action: 'approve' } })).status,
    ).toBe(403);
  });
});

describe('review claims', () => {
  it('hold a card for 10 minutes (another decides it only by taking it over), and expire', async () => {
    const id = await newCard();
    const first = await s.call('POST', `gift-card-claim/${id}`, { token: admin() });
    expect(first.body).toEqual({ claim: null });
    const second = await s.call('POST', `gift-card-claim/${id}`, { token: s.users.manager.token });
    expect(second.body.claim).toMatchObject({ user_id: s.users.admin.id, name: s.users.admin.name });
    expect(Date.now() - Date.parse(second.body.claim.since)).toBeLessThan(60_000);
    // The claimant opening again keeps the claim.
    expect((await s.call('POST', `gift-card-claim/${id}`, { token: admin() })).body).toEqual({ claim: null });
    // 11 minutes later the claim has expired: the manager takes it.
    await s.database.query(sql`UPDATE card_review_claims SET claimed_at = now() - interval '11 minutes' WHERE gift_card_id = ${id}`);
    expect((await s.call('POST', `gift-card-claim/${id}`, { token: s.users.manager.token })).body).toEqual({ claim: null });
    expect((await s.call('POST', `gift-card-claim/${id}`, { token: admin() })).body.claim).toMatchObject({ user_id: s.users.manager.id });
    // A lease means something (issue 48): the admin decides it only by taking it over; the claim is released.
    expect((await review(id, { action: 'approve' })).status).toBe(409);
    expect((await review(id, { action: 'approve', take_over: true })).status).toBe(200);
    const rows = await s.database.query(sql`SELECT 1 FROM card_review_claims WHERE gift_card_id = ${id}`);
    expect(rows).toHaveLength(0);
    expect((await s.call('POST', `gift-card-claim/${id}`, { token: s.users.sellerA.token })).status).toBe(403);
    expect((await s.call('POST', 'gift-card-claim/999999', { token: admin() })).status).toBe(404);
  });
});
