import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, form, gallery, png, rangeOffer, submitCard } from '../helpers/cards';
import { cardPaid, sellerDueText } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { MSG } from '../../src/shared/messages';
import { LIMITS } from '../../src/shared/limits';

/**
 * Issue 53, resubmit or appeal: within a window after a rejection (or a clawback) the card's seller resubmits it or
 * appeals once; staff other than the decision's maker decide appeals from their own queue.
 */
let s: TestServer;
let offer: number;
let otherManager: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Appeals' }));
  otherManager = await s.createUser('manager', 'Second Reviewer');
});
afterAll(async () => s?.close());
afterEach(async () => {
  vi.useRealTimers();
  await checkLedgerInvariants(s.database);
});

const HOUR = 3_600_000;
const WINDOW_H = LIMITS.appeals.rejectionWindowHours.value;
const CLAWBACK_H = LIMITS.appeals.clawbackWindowHours.value;
/**
 * Moves the server's clock (Date only: timers and the database's clock run on) and signs the seller in again (a
 * sign-in lasts hours by that clock); answers their new token.
 */
const later = async (ms: number, seller: TestUser) => {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
  return s.login(seller.email);
};

async function rejectedCard(seller: TestUser, by: TestUser = s.users.manager) {
  const id = await submitCard(s, seller, { giftcard_offer_id: offer, price: 40 }, [png()]);
  const r = await s.call('POST', `gift-card-review/${id}`, {
    token: by.token,
    body: { action: 'reject', reject_reason: 'unreadable_image', reject_note: 'The PIN is scratched' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return id;
}
const card = async (id: number, token: string) => (await s.call('GET', `gift-card/${id}`, { token })).body;
const resubmit = (id: number, token: string, images = [png()], fields: Record<string, string> = {}) =>
  s.call('POST', `gift-card-resubmit/${id}`, { token, body: form(fields, gallery(...images)) });
const appeal = (id: number, token: string, note = 'The PIN is readable on the second photo.', images: Buffer[] = []) =>
  s.call('POST', `gift-card-appeal/${id}`, { token, body: form({ note }, gallery(...images)) });
const decide = (appealId: number, token: string, outcome: 'upheld' | 'reversed', note = 'Checked the photos again.') =>
  s.call('POST', `appeal-decide/${appealId}`, { token, body: { outcome, note } });
const history = async (id: number, token: string) => (await s.call('GET', `gift-card-history/${id}`, { token })).body.data.data;
const openAppeals = async (token = s.users.admin.token) => (await s.call('GET', 'appeal?state=open&per_page=100', { token })).body;

describe('resubmit a rejected card', () => {
  it('within the window: Pending again with the new photos, the same card, the history shows both submissions', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller);
    const before = await card(id, seller.token);
    expect(before.recourse).toMatchObject({ decision: 'rejection', can_resubmit: true, can_appeal: true });
    const ends = Date.parse(before.recourse.window_ends_at) - Date.parse(before.recourse.decided_at);
    expect(ends).toBe(WINDOW_H * HOUR);
    expect(before.appeal).toBeUndefined();

    const r = await resubmit(id, seller.token, [png(), png()], { note: 'New photos in daylight' });
    expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: { msg: MSG.cardResubmitted } });
    const after = await card(id, seller.token);
    expect(after.data).toMatchObject({ id, card_status: 0, reject_reason: null, reject_note: null });
    expect(after.images).toHaveLength(3);
    expect(after.recourse).toBeUndefined();
    expect(after.appeal).toMatchObject({ kind: 'resubmit', decision: 'rejection', note: 'New photos in daylight', outcome: null });

    const entries = await history(id, seller.token);
    const submitted = entries.filter((e: { kind: string }) => e.kind === 'submitted');
    expect(submitted).toHaveLength(2);
    expect(submitted[0]).toMatchObject({ images_added: 2, status: { from: 2, to: 0 }, note: MSG.historyResubmitted });
    expect(submitted[1]).toMatchObject({ images_added: 1 });
    expect(entries.some((e: { status?: { to: number } }) => e.status?.to === 2)).toBe(true);
    // Staff's queue never lists a resubmission: it is a card to review again.
    await expect(openAppeals().then((b) => b.data.some((a: { gift_card_id: number }) => a.gift_card_id === id))).resolves.toBe(false);
  });

  it('needs a photo, is one per decision, and a card rejected again opens a new window', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller);
    const none = await s.call('POST', `gift-card-resubmit/${id}`, { token: seller.token, body: form({}) });
    expect(none.status).toBe(422);
    expect((await resubmit(id, seller.token)).status).toBe(200);
    // Pending now: nothing to resubmit or appeal.
    expect((await resubmit(id, seller.token)).body.errorMsg).toBe(MSG.resubmitNeedsRejection);
    expect((await appeal(id, seller.token)).body.errorMsg).toBe(MSG.nothingToAppeal);
    // Rejected again: a new decision, a new window; an appeal of it after the resubmission is fine.
    await s.call('POST', `gift-card-review/${id}`, {
      token: s.users.manager.token,
      body: { action: 'reject', reject_reason: 'other', reject_note: 'Still blurred' },
    });
    expect((await card(id, seller.token)).recourse).toMatchObject({ can_resubmit: true, can_appeal: true });
    expect((await appeal(id, seller.token)).status).toBe(200);
    const r = await resubmit(id, seller.token);
    expect(r).toMatchObject({ status: 409, body: { errorMsg: MSG.appealAlreadyMade } });
    expect((await card(id, seller.token)).recourse).toMatchObject({ can_resubmit: false, can_appeal: false });
  });

  it('after the window (a moved clock): a 409 saying when it ended, and nothing changes', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller);
    const ends = (await card(id, seller.token)).recourse.window_ends_at as string;
    let token = await later(WINDOW_H * HOUR - 60_000, seller);
    expect((await card(id, token)).recourse.can_resubmit).toBe(true);
    token = await later(WINDOW_H * HOUR + 60_000, seller);
    expect((await card(id, token)).recourse).toMatchObject({ can_resubmit: false, can_appeal: false, window_ends_at: ends });
    const closed = MSG.appealWindowClosed(`${ends.slice(0, 16).replace('T', ' ')} UTC`);
    expect(await resubmit(id, token)).toMatchObject({ status: 409, body: { errorMsg: closed } });
    expect(await appeal(id, token)).toMatchObject({ status: 409, body: { errorMsg: closed } });
    expect((await card(id, token)).data.card_status).toBe(2);
  });

  it("a seller cannot resubmit or appeal another seller's card, nor staff at all", async () => {
    const id = await rejectedCard(s.users.sellerA);
    expect((await resubmit(id, s.users.sellerB.token)).status).toBe(403);
    expect((await appeal(id, s.users.sellerB.token)).status).toBe(403);
    expect((await appeal(id, s.users.admin.token)).status).toBe(403);
    expect((await card(id, s.users.sellerA.token)).recourse.can_appeal).toBe(true);
  });
});

describe('appeal a rejection', () => {
  it('one appeal per decision; the queue shows the original decision but not who made it; not decided by its maker', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller, s.users.manager);
    const filed = await appeal(id, seller.token, 'The code is clear on the back photo.', [png()]);
    expect(filed).toMatchObject({ status: 200, body: { msg: MSG.appealFiled } });
    expect(await appeal(id, seller.token)).toMatchObject({ status: 409, body: { errorMsg: MSG.appealAlreadyMade } });

    const queue = await openAppeals();
    const row = queue.data.find((a: { gift_card_id: number }) => a.gift_card_id === id);
    expect(queue.total).toBeGreaterThanOrEqual(1);
    expect(row).toMatchObject({
      kind: 'appeal',
      decision: 'rejection',
      note: 'The code is clear on the back photo.',
      seller: { id: seller.id },
      card: { price: 40, card_status: 2 },
      original: { reason: 'unreadable_image', reason_label: expect.any(String), note: 'The PIN is scratched' },
      outcome: null,
    });
    expect(JSON.stringify(row)).not.toContain(s.users.manager.name);
    expect(JSON.stringify(row)).not.toContain(`"decided_by"`);
    const one = await s.call('GET', `appeal/${row.id}`, { token: s.users.manager.token });
    expect(one.body.data).toMatchObject({ id: row.id, own_decision: true });
    expect(one.body.data.images).toHaveLength(1);
    expect((await s.call('GET', `appeal/${row.id}`, { token: s.users.admin.token })).body.data.own_decision).toBe(false);

    // The maker of the rejection may not decide its appeal.
    const own = await decide(row.id, s.users.manager.token, 'upheld');
    expect(own).toMatchObject({ status: 403, body: { errorMsg: MSG.appealOwnDecision } });
    // Sellers have no queue.
    expect((await s.call('GET', 'appeal', { token: seller.token })).status).toBe(403);
    expect((await decide(row.id, seller.token, 'reversed')).status).toBe(403);

    const seen = await card(id, seller.token);
    expect(seen.appeal).toMatchObject({ id: row.id, kind: 'appeal', outcome: null });
    expect(seen.recourse).toMatchObject({ can_appeal: false, can_resubmit: false });
  });

  it("staff's dashboard counts the open appeals and those past their target; the queue says when each is due", async () => {
    const figures = async (token = s.users.admin.token) => (await s.call('GET', 'dashboard-figures', { token })).body;
    const before = await figures();
    const seller = await s.createUser('seller');
    const [late, fresh] = [await rejectedCard(seller), await rejectedCard(seller)];
    for (const id of [late, fresh]) expect((await appeal(id, seller.token)).status).toBe(200);
    const ids = (await openAppeals()).data.filter((a: { gift_card_id: number }) => [late, fresh].includes(a.gift_card_id));
    const lateId = ids.find((a: { gift_card_id: number }) => a.gift_card_id === late).id;
    // Appealed a minute more than its target ago.
    await s.database.query(
      sql`UPDATE card_appeals SET created_at = now() - make_interval(hours => ${LIMITS.appeals.decideHours.value}, mins => 1) WHERE id = ${lateId}`,
    );
    const after = await figures();
    expect(after.appeals_open - before.appeals_open).toBe(2);
    expect(after.appeals_overdue - before.appeals_overdue).toBe(1);
    for (const a of (await openAppeals()).data.filter((x: { gift_card_id: number }) => [late, fresh].includes(x.gift_card_id)))
      expect(Date.parse(a.decide_by) - Date.parse(a.created_at)).toBe(LIMITS.appeals.decideHours.value * HOUR);
    // Decided: no longer open, nor overdue.
    expect((await decide(lateId, s.users.admin.token, 'upheld')).status).toBe(200);
    const decided = await figures();
    expect([decided.appeals_open - before.appeals_open, decided.appeals_overdue - before.appeals_overdue]).toEqual([1, 0]);
    // A seller's figures have none.
    expect(await figures(seller.token)).not.toHaveProperty('appeals_open');
  });

  it('reversed by another staff member: Pending again, the seller sees the outcome, the history records it', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller, s.users.manager);
    await appeal(id, seller.token);
    const row = (await openAppeals()).data.find((a: { gift_card_id: number }) => a.gift_card_id === id);
    const r = await decide(row.id, otherManager.token, 'reversed', 'The PIN is readable: back to review.');
    expect(r).toMatchObject({ status: 200, body: { msg: MSG.appealDecidedReversed } });
    expect(await decide(row.id, s.users.admin.token, 'upheld')).toMatchObject({
      status: 409,
      body: { errorMsg: MSG.appealAlreadyDecided },
    });

    const seen = await card(id, seller.token);
    expect(seen.data.card_status).toBe(0);
    expect(seen.appeal).toMatchObject({ outcome: 'reversed', outcome_note: 'The PIN is readable: back to review.' });
    expect(JSON.stringify(seen)).not.toContain(otherManager.name);
    expect((await openAppeals()).data.some((a: { id: number }) => a.id === row.id)).toBe(false);
    const decided = (await s.call('GET', 'appeal?state=decided&per_page=100', { token: s.users.admin.token })).body.data;
    expect(decided.find((a: { id: number }) => a.id === row.id)).toMatchObject({ outcome: 'reversed' });

    const entries = await history(id, seller.token);
    expect(entries.find((e: { kind: string; appeal?: { outcome: string | null } }) => e.appeal?.outcome === 'reversed')).toMatchObject({
      kind: 'appeal',
      actor: null,
      note: 'The PIN is readable: back to review.',
    });
    expect(entries.find((e: { note?: string }) => e.note === MSG.historyAppealReversed)).toMatchObject({ status: { from: 2, to: 0 } });
    const events = await s.database.query<{ type: string; data: { outcome?: string } }>(
      sql`SELECT type, data FROM events WHERE card_id = ${id} AND type LIKE 'appeal.%' ORDER BY id`,
    );
    expect(events.map((e) => e.type)).toEqual(['appeal.filed', 'appeal.decided']);
    expect(events[1].data.outcome).toBe('reversed');
  });

  it('upheld: the card stays rejected and the window does not open again', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller, s.users.manager);
    await appeal(id, seller.token);
    const row = (await openAppeals()).data.find((a: { gift_card_id: number }) => a.gift_card_id === id);
    expect((await decide(row.id, s.users.admin.token, 'upheld', 'The PIN is not readable.')).body.msg).toBe(MSG.appealDecidedUpheld);
    const seen = await card(id, seller.token);
    expect(seen.data.card_status).toBe(2);
    expect(seen.appeal).toMatchObject({ outcome: 'upheld', outcome_note: 'The PIN is not readable.' });
    expect(seen.recourse).toMatchObject({ can_appeal: false, can_resubmit: false });
  });

  it('a reversal after the card was decided again is refused (409) and changes nothing', async () => {
    const seller = await s.createUser('seller');
    const id = await rejectedCard(seller, s.users.manager);
    await appeal(id, seller.token);
    const row = (await openAppeals()).data.find((a: { gift_card_id: number }) => a.gift_card_id === id);
    // Staff set it Pending and reject it again meanwhile: a new decision.
    await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.admin.token,
      body: { giftcard_offer_id: offer, price: '40', card_status: 0 },
    });
    await s.call('POST', `gift-card-review/${id}`, {
      token: s.users.admin.token,
      body: { action: 'reject', reject_reason: 'other', reject_note: 'Again' },
    });
    expect(await decide(row.id, otherManager.token, 'reversed')).toMatchObject({
      status: 409,
      body: { errorMsg: MSG.appealDecisionChanged },
    });
    expect((await card(id, seller.token)).data.card_status).toBe(2);
  });

  it('the list pages by cursor and filters by decision; bad parameters are a 422', async () => {
    const p = await s.call('GET', 'appeal?per_page=5&cursor=page&state=open&decision=rejection', { token: s.users.admin.token });
    expect(p.status).toBe(200);
    expect(p.body.data.every((a: { decision: string; outcome: unknown }) => a.decision === 'rejection' && a.outcome === null)).toBe(true);
    for (const q of ['state=closed', 'decision=card', 'per_page=101', 'sort=-id'])
      expect((await s.call('GET', `appeal?${q}`, { token: s.users.admin.token })).status, q).toBe(422);
    expect((await s.call('GET', 'appeal/999999', { token: s.users.admin.token })).status).toBe(404);
    expect((await decide(999999, s.users.admin.token, 'upheld')).status).toBe(404);
  });
});

describe('contest a clawback', () => {
  async function clawedBack(seller: TestUser) {
    const id = await submitCard(s, seller, { giftcard_offer_id: offer, price: 40 }, [png()]);
    await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.admin.token,
      body: { giftcard_offer_id: offer, price: '40', card_status: 1 },
    });
    const paid = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: `AP-${id}`, transaction_amount: 35, gidcard_id: id },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const d = await s.call('POST', `gift-card-dispute/${id}`, { token: s.users.manager.token, body: { reason: 'used', note: 'Zero' } });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    return id;
  }

  it('within 7 days, once; reversed by another staff member through the ledger as a resolution does', async () => {
    const seller = await s.createUser('seller');
    const id = await clawedBack(seller);
    expect(await sellerDueText(s.database, seller.id)).toBe('-35.00');
    const seen = await card(id, seller.token);
    expect(seen.recourse).toMatchObject({ decision: 'clawback', can_resubmit: false, can_appeal: true });
    expect(Date.parse(seen.recourse.window_ends_at) - Date.parse(seen.recourse.decided_at)).toBe(CLAWBACK_H * HOUR);
    expect(await resubmit(id, seller.token)).toMatchObject({ status: 409, body: { errorMsg: MSG.resubmitNeedsRejection } });
    expect((await appeal(id, seller.token, 'The balance was there when I sold it.')).status).toBe(200);
    const row = (await openAppeals()).data.find((a: { gift_card_id: number }) => a.gift_card_id === id);
    expect(row.original).toMatchObject({ reason: 'used', note: 'Zero' });
    expect(await decide(row.id, s.users.manager.token, 'reversed')).toMatchObject({ status: 403 });
    expect((await decide(row.id, otherManager.token, 'reversed', 'The issuer confirmed the balance.')).status).toBe(200);
    expect((await card(id, seller.token)).data.card_status).toBe(1);
    expect(await sellerDueText(s.database, seller.id)).toBe('0.00');
    expect(await cardPaid(s.database, id)).toBe('35.00');
    const money = (await s.call('GET', `gift-card-money/${id}`, { token: seller.token })).body.data;
    expect(money.clawbacks.map((c: { kind: string }) => c.kind)).toEqual(['clawback', 'clawback_reversed']);
  });

  it('after 7 days: refused', async () => {
    const seller = await s.createUser('seller');
    const id = await clawedBack(seller);
    const early = await later(CLAWBACK_H * HOUR - 60_000, seller);
    expect((await card(id, early)).recourse.can_appeal).toBe(true);
    const token = await later(CLAWBACK_H * HOUR + 60_000, seller);
    expect((await appeal(id, token)).body.errorMsg).toMatch(/^The time to resubmit or appeal this decision ended on /);
    expect((await card(id, token)).recourse.can_appeal).toBe(false);
  });
});
