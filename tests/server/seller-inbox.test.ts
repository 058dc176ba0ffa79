import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, form, gallery, png, rangeOffer, submitCard } from '../helpers/cards';
import { LIMITS } from '../../src/shared/limits';
import { clock } from '../../src/server/clock';
import type { LiveEvent } from '../../src/shared/events';

/**
 * Issue 53: the seller's inbox: their decisions, payouts and payout holds only, no staff names, the unread count,
 * marking read, pages; an adjustment's window ending unanswered (fake clock).
 */
const HOUR = 60 * 60 * 1000;
let s: TestServer;
let offer: number;
let codeSeq = 0;
let offset = 0;
const realNow = clock.now;
beforeAll(async () => {
  s = await startTestServer();
  clock.now = () => new Date(Date.now() + offset);
  offer = await createOffer(s, rangeOffer({ title: 'Inbox' }));
});
afterAll(async () => {
  clock.now = realNow;
  await s?.close();
});
afterEach(() => {
  offset = 0;
});

interface Item {
  id: string;
  kind: string;
  at: string;
  card_id: number | null;
  transaction_id: number | null;
  amount: number | null;
  reason: string | null;
  note: string | null;
  until: string | null;
  read: boolean;
}
const inbox = async (who: TestUser, page = 1) => {
  const r = await s.call('GET', `seller-inbox?page=${page}`, { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: { data: Item[]; total: number; current_page: number; per_page: number; last_page: number }; unread: number };
};
const markRead = (who: TestUser, body: Record<string, unknown> = {}) => s.call('POST', 'seller-inbox/read', { token: who.token, body });
const review = async (card: number, body: Record<string, unknown>, by = s.users.manager) => {
  const r = await s.call('POST', `gift-card-review/${card}`, { token: by.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const pay = async (card: number, seller: TestUser, amount: string) => {
  const code = `INBOX-${Date.now().toString(36)}-${codeSeq++}`;
  const r = await s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code, transaction_amount: amount, gidcard_id: card, seller_id: seller.id },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${code}`))[0].id;
};
const card = (seller: TestUser, price = 50) => submitCard(s, seller, { giftcard_offer_id: offer, price: String(price) });

describe('seller inbox', () => {
  it('starts empty with nothing unread', async () => {
    const seller = await s.createUser('seller');
    const r = await inbox(seller);
    expect(r).toMatchObject({ unread: 0, data: { data: [], total: 0, current_page: 1, last_page: 1 } });
    expect(await markRead(seller)).toMatchObject({ status: 200, body: { unread: 0 } });
  });

  it("a rejection, an approval and a payout reach their seller only, newest first, unread, without staff's names", async () => {
    const [seller, other] = [await s.createUser('seller'), await s.createUser('seller')];
    const rejected = await card(seller);
    const approved = await card(seller, 80);
    await review(rejected, { action: 'reject', reject_reason: 'unreadable_image', reject_note: 'The PIN is scratched' });
    await review(approved, { action: 'approve' });
    const tx = await pay(approved, seller, '30.5');

    const r = await inbox(seller);
    expect(r.unread).toBe(3);
    expect(r.data.total).toBe(3);
    expect(r.data.data).toEqual([
      expect.objectContaining({ kind: 'paid', card_id: approved, transaction_id: tx, amount: 30.5, read: false }),
      expect.objectContaining({ kind: 'approved', card_id: approved, transaction_id: null, amount: null, read: false }),
      expect.objectContaining({
        kind: 'rejected',
        card_id: rejected,
        reason: 'Unreadable image',
        note: 'The PIN is scratched',
        read: false,
      }),
    ]);
    for (const item of r.data.data) {
      expect(Object.keys(item).sort()).toEqual([
        'amount',
        'at',
        'card_id',
        'id',
        'kind',
        'note',
        'read',
        'reason',
        'transaction_id',
        'until',
      ]);
      expect(item.until).toBeNull();
      expect(new Date(item.at).toISOString()).toBe(item.at);
      expect(item.id).toMatch(/^[atp][1-9]\d*$/);
    }
    const text = JSON.stringify(r);
    for (const staff of [s.users.manager, s.users.admin]) {
      expect(text).not.toContain(staff.name);
      expect(text).not.toContain(`"${staff.email}"`);
    }
    // Another seller sees none of it, and cannot mark it read.
    expect(await inbox(other)).toMatchObject({ unread: 0, data: { total: 0 } });
    const foreign = await markRead(other, { through: r.data.data[0].id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.through).toEqual(['The through field is not an item of your inbox.']);
    expect((await inbox(seller)).unread).toBe(3);
  });

  it('a clawback reaches the seller with its reason, never staff’s note', async () => {
    const seller = await s.createUser('seller');
    const id = await card(seller);
    await review(id, { action: 'approve' });
    await pay(id, seller, '20');
    const r = await s.call('POST', `gift-card-dispute/${id}`, {
      token: s.users.admin.token,
      body: { reason: 'used', note: 'Staff-only: the merchant called' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [top] = (await inbox(seller)).data.data;
    expect(top).toMatchObject({ kind: 'clawed_back', card_id: id, amount: -20 });
    expect(top.reason).toBeTruthy();
    expect(top.note).toBeNull();
    expect(JSON.stringify(top)).not.toContain('merchant called');
  });

  it("an appeal's outcome reaches its seller with staff's note for them, never who decided", async () => {
    const seller = await s.createUser('seller');
    const id = await card(seller);
    await review(id, { action: 'reject', reject_reason: 'unreadable_image' });
    const filed = await s.call('POST', `gift-card-appeal/${id}`, {
      token: seller.token,
      body: form({ note: 'The PIN is readable on the second photo.' }, gallery(png())),
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [{ appeal }] = await s.database.query<{ appeal: number }>(sql`SELECT id AS appeal FROM card_appeals WHERE gift_card_id = ${id}`);
    const decided = await s.call('POST', `appeal-decide/${appeal}`, {
      token: s.users.admin.token,
      body: { outcome: 'reversed', note: 'Readable after all.' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const r = await inbox(seller);
    expect(r.data.data[0]).toMatchObject({
      id: `p${appeal}`,
      kind: 'appeal_decided',
      card_id: id,
      reason: 'reversed',
      note: 'Readable after all.',
    });
    expect(JSON.stringify(r)).not.toContain(s.users.admin.name);
  });

  it("a hold on one of the seller's cards or on the seller reaches them with its reason and end, live, never who placed it", async () => {
    const [seller, other] = [await s.createUser('seller'), await s.createUser('seller')];
    const id = await card(seller);
    await review(id, { action: 'approve' });
    const place = async (body: Record<string, unknown>) => {
      const r = await s.call('POST', 'payout-holds', { token: s.users.admin.token, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: number; until: string | null };
    };
    const { last_id: before } = (await s.call('GET', 'events', { token: seller.token })).body as { last_id: number };
    const onCard = await place({ gift_card_id: id, reason: 'The card is being checked with the merchant', days: 5 });
    const onSeller = await place({ seller_id: seller.id, reason: 'Identity check' });
    const r = await inbox(seller);
    expect(r.unread).toBe(3);
    expect(r.data.data.slice(0, 2)).toEqual([
      expect.objectContaining({ id: `h${onSeller.id}`, kind: 'held', card_id: null, reason: 'Identity check', until: null, note: null }),
      expect.objectContaining({
        id: `h${onCard.id}`,
        kind: 'held',
        card_id: id,
        reason: 'The card is being checked with the merchant',
        until: onCard.until,
        amount: null,
      }),
    ]);
    expect(new Date(onCard.until!).getTime() - Date.now()).toBeGreaterThan(5 * 24 * HOUR - 60_000);
    const text = JSON.stringify(r);
    expect(text).not.toContain(s.users.admin.name);
    expect(text).not.toContain(s.users.admin.email);
    // Live: the seller receives the hold.placed events (their own only), which name no one.
    const events = (await s.call('GET', `events?after=${before}`, { token: seller.token })).body.events as LiveEvent[];
    const holds = events.filter((e) => e.type === 'hold.placed');
    expect(holds.map((e) => [e.seller_id, e.card_id, e.data])).toEqual([
      [seller.id, id, { hold_id: onCard.id }],
      [seller.id, null, { hold_id: onSeller.id }],
    ]);
    const theirs = (await s.call('GET', `events?after=${before}`, { token: other.token })).body.events as LiveEvent[];
    expect(theirs.filter((e) => e.type === 'hold.placed')).toEqual([]);
    expect(await inbox(other)).toMatchObject({ unread: 0, data: { total: 0 } });
    // Released early: the item's end is when it was released, and says nothing of who released it.
    const released = await s.call('POST', `payout-hold-release/${onCard.id}`, {
      token: s.users.manager.token,
      body: { note: 'Staff-only: all clear' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const item = (await inbox(seller)).data.data.find((i) => i.id === `h${onCard.id}`)!;
    expect(item.until).toBe(released.body.data.released_at);
    expect(JSON.stringify(item)).not.toContain('all clear');
    expect(JSON.stringify(item)).not.toContain(s.users.manager.name);
  });

  it('a hold released by staff, or ended by its time, tells its seller only, live, never who placed or released it', async () => {
    const [seller, other] = [await s.createUser('seller'), await s.createUser('seller')];
    const id = await card(seller);
    await review(id, { action: 'approve' });
    const place = async (body: Record<string, unknown>) => {
      const r = await s.call('POST', 'payout-holds', { token: s.users.admin.token, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: number; until: string | null };
    };
    const onCard = await place({ gift_card_id: id, reason: 'Checking with the merchant', days: 5 });
    const onSeller = await place({ seller_id: seller.id, reason: 'Identity check' });
    const lapsing = await place({ seller_id: seller.id, reason: 'Short look', days: 1 });
    const ended = async (who: TestUser) => (await inbox(who)).data.data.filter((i) => i.kind === 'hold_released');
    expect(await ended(seller)).toEqual([]);
    const { last_id: before } = (await s.call('GET', 'events', { token: seller.token })).body as { last_id: number };
    const release = async (hold: number) => {
      const r = await s.call('POST', `payout-hold-release/${hold}`, {
        token: s.users.manager.token,
        body: { note: 'Staff-only: all clear' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { released_at: string };
    };
    const cardReleased = await release(onCard.id);
    const sellerReleased = await release(onSeller.id);
    const r = await inbox(seller);
    expect(r.data.data.slice(0, 2)).toEqual([
      {
        id: `hr${onSeller.id}`,
        kind: 'hold_released',
        at: sellerReleased.released_at,
        card_id: null,
        transaction_id: null,
        amount: null,
        reason: 'Identity check',
        note: null,
        until: null,
        read: false,
      },
      expect.objectContaining({ id: `hr${onCard.id}`, kind: 'hold_released', at: cardReleased.released_at, card_id: id, until: null }),
    ]);
    const text = JSON.stringify(r);
    for (const staff of [s.users.admin, s.users.manager]) {
      expect(text).not.toContain(staff.name);
      expect(text).not.toContain(staff.email);
    }
    expect(text).not.toContain('all clear');
    // Live: the seller receives hold.released (their own only), naming no one.
    const events = (await s.call('GET', `events?after=${before}`, { token: seller.token })).body.events as LiveEvent[];
    expect(events.filter((e) => e.type === 'hold.released').map((e) => [e.seller_id, e.card_id, e.data])).toEqual([
      [seller.id, id, { hold_id: onCard.id }],
      [seller.id, null, { hold_id: onSeller.id }],
    ]);
    const theirs = (await s.call('GET', `events?after=${before}`, { token: other.token })).body.events as LiveEvent[];
    expect(theirs.filter((e) => e.type === 'hold.released')).toEqual([]);
    expect(await inbox(other)).toMatchObject({ unread: 0, data: { total: 0 } });
    // The hold left to run out: nothing before its end, an item dated at its end once it has passed (by the clock).
    offset = 24 * HOUR - 60_000;
    expect((await ended(seller)).map((i) => i.id)).not.toContain(`hr${lapsing.id}`);
    offset = 24 * HOUR + 60_000;
    expect((await ended(seller)).find((i) => i.id === `hr${lapsing.id}`)).toMatchObject({
      at: lapsing.until,
      card_id: null,
      reason: 'Short look',
      until: lapsing.until,
    });
  });

  it("an adjustment's hold is the adjustment's item, not a hold; its window ending unanswered is an item of its own (fake clock)", async () => {
    const seller = await s.createUser('seller');
    const id = await card(seller);
    const answered = await card(seller);
    const adjust = { action: 'approve', adjusted_price: 30, adjust_reason: 'partial_balance', adjust_note: 'Balance shows $30.' };
    await review(id, adjust);
    await review(answered, adjust);
    expect((await s.call('POST', `gift-card-adjustment-accept/${answered}`, { token: seller.token })).status).toBe(200);
    const windowEnds = (await s.call('GET', `gift-card/${id}`, { token: seller.token })).body.adjustment.window_ends_at as string;
    // (An adjusted approval is an approval too: its 'approved' items are left aside here.)
    const kinds = async () => (await inbox(seller)).data.data.filter((i) => i.kind !== 'approved').map((i) => [i.kind, i.card_id]);
    expect(await kinds()).toEqual([
      ['adjusted', answered],
      ['adjusted', id],
    ]);
    const adjusted = (await inbox(seller)).data.data.find((i) => i.kind === 'adjusted' && i.card_id === id)!;
    expect(adjusted.until).toBe(windowEnds);
    // Just before the window ends: nothing more.
    offset = 72 * HOUR - 60_000;
    expect(await kinds()).toHaveLength(2);
    // Past it without an answer: the adjusted value counts as accepted, and the seller is told, at the window's end.
    offset = 72 * HOUR + 60_000;
    const r = await inbox(seller);
    expect(r.data.data[0]).toEqual({
      id: expect.stringMatching(/^w[1-9]\d*$/),
      kind: 'adjustment_lapsed',
      at: windowEnds,
      card_id: id,
      transaction_id: null,
      amount: 30,
      reason: 'Partial balance',
      note: null,
      until: windowEnds,
      read: false,
    });
    // The card answered in time has none.
    expect(r.data.data.filter((i) => i.kind === 'adjustment_lapsed')).toHaveLength(1);
    expect(r.unread).toBe(5);
    expect((await markRead(seller, { through: r.data.data[0].id })).body.unread).toBe(0);
    // A later decision after the window (closed as accepted without an answer) keeps it.
    await review(id, { action: 'reject', reject_reason: 'other' });
    expect((await inbox(seller)).data.data.filter((i) => i.kind === 'adjustment_lapsed').map((i) => i.card_id)).toEqual([id]);
  });

  it('marking read up to an item reads it and the older ones; never back; everything without one', async () => {
    const seller = await s.createUser('seller');
    const ids = [await card(seller), await card(seller), await card(seller)];
    for (const id of ids) await review(id, { action: 'approve' });
    const before = (await inbox(seller)).data.data; // newest first
    expect(before.map((i) => i.card_id)).toEqual([...ids].reverse());

    const middle = await markRead(seller, { through: before[1].id });
    expect(middle).toMatchObject({ status: 200, body: { msg: 'Inbox marked as read', unread: 1 } });
    expect((await inbox(seller)).data.data.map((i) => i.read)).toEqual([false, true, true]);
    // An older item does not move the position back.
    expect((await markRead(seller, { through: before[2].id })).body.unread).toBe(1);

    // A payout after that is unread again; marking everything read clears the count, on every device (the server's).
    await pay(ids[0], seller, '5');
    expect((await inbox(seller)).unread).toBe(2);
    expect((await markRead(seller)).body.unread).toBe(0);
    const again = await inbox(seller);
    expect(again.unread).toBe(0);
    expect(again.data.data.every((i) => i.read)).toBe(true);
    const [row] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM seller_inbox_reads WHERE seller_id = ${seller.id}`,
    );
    expect(row.n).toBe(1);
  });

  it(`pages ${LIMITS.lists.inboxPerPage.value} items at a time, newest first, none twice`, async () => {
    const per = LIMITS.lists.inboxPerPage.value;
    const seller = await s.createUser('seller');
    const id = await card(seller, 100);
    await review(id, { action: 'approve' });
    for (let i = 0; i < per + 2; i++) await pay(id, seller, '1');
    const first = await inbox(seller);
    const second = await inbox(seller, 2);
    expect(first.data).toMatchObject({ total: per + 3, per_page: per, last_page: 2, current_page: 1 });
    expect(first.data.data).toHaveLength(per);
    expect(second.data.data).toHaveLength(3);
    expect(second.data.data.at(-1)?.kind).toBe('approved');
    const all = [...first.data.data, ...second.data.data];
    expect(new Set(all.map((i) => i.id)).size).toBe(per + 3);
    const times = all.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.unread).toBe(per + 3);
    expect((await inbox(seller, 3)).data.data).toEqual([]);
  });

  it('is a seller’s own: staff are refused, anonymous callers too; bad input is a 422', async () => {
    for (const who of [s.users.admin, s.users.manager]) {
      expect((await s.call('GET', 'seller-inbox', { token: who.token })).status).toBe(403);
      expect((await markRead(who)).status).toBe(403);
    }
    expect((await s.call('GET', 'seller-inbox')).status).toBe(401);
    expect((await s.call('POST', 'seller-inbox/read', { body: {} })).status).toBe(401);
    for (const page of ['0', '-1', 'x', '1e3'])
      expect((await s.call('GET', `seller-inbox?page=${page}`, { token: s.users.sellerA.token })).status).toBe(422);
    for (const through of ['x', 'a0', 'A1', 'a1 OR 1=1', 'a'.repeat(30), 7, true, ['a1']]) {
      const r = await markRead(s.users.sellerA, { through });
      expect(r.status, JSON.stringify(through)).toBe(422);
      expect(r.body.errors.through).toBeDefined();
    }
    // A well-formed id that is no item of the seller's.
    expect((await markRead(s.users.sellerA, { through: 't999999' })).status).toBe(422);
  });
});
