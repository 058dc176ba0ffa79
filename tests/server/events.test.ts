import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { isEvent, openEventStream, type OpenStream } from '../helpers/event-stream';
import type { LiveEvent } from '../../src/shared/events';

let s: TestServer;
let offer: number;
const open: OpenStream[] = [];
const stream = async (token: string, headers?: Record<string, string>) => {
  const st = await openEventStream(s.url, token, headers);
  open.push(st);
  return st;
};

beforeAll(async () => {
  s = await startTestServer({ listen: true });
  offer = await createOffer(s, rangeOffer({ title: 'Live offer' }));
});
afterAll(async () => {
  open.forEach((st) => st.close());
  await s?.close();
});

const approve = (card: number) => staffUpdate(s, card, { giftcard_offer_id: offer, price: 50, card_status: 1 });

describe('GET /api/events', () => {
  it('streams every change to staff and only their own to a seller, in the changes’ order', async () => {
    const staff = await stream(s.users.manager.token);
    const a = await stream(s.users.sellerA.token);
    const b = await stream(s.users.sellerB.token);
    expect([staff.status, a.status, b.status]).toEqual([200, 200, 200]);

    const cardA = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 });
    const cardB = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 60 });
    await staff.waitFor(isEvent('card.submitted', cardB));
    expect((await approve(cardA)).status).toBe(200);
    await a.waitFor(isEvent('card.status', cardA));
    expect(
      (await s.call('POST', `add-gift-card/${cardA}`, { token: s.users.admin.token, body: { comment: 'the back, please' } })).status,
    ).toBe(200);
    const pay = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: `LIVE-${Date.now()}`, transaction_amount: 5, gidcard_id: cardA },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const tx = (await s.database.query<{ id: number }>(sql`SELECT max(id)::int AS id FROM transactions`))[0].id;
    expect((await s.call('POST', `transaction-update/${tx}`, { token: s.users.sellerA.token })).status).toBe(200);
    await a.waitFor(isEvent('redeem.toggled'));
    await staff.waitFor(isEvent('redeem.toggled'));

    const typesOf = (st: OpenStream, card?: number) =>
      st
        .events()
        .filter((e) => card === undefined || e.card_id === card)
        .map((e) => e.type);
    const seen = typesOf(a);
    expect(seen.slice(0, 6)).toEqual([
      'card.submitted',
      'pending.changed',
      'card.status',
      'pending.changed',
      'due.changed',
      'comment.added',
    ]);
    // One payment's transaction: its events in either order, then the redeem.
    expect(seen.slice(6, 8).sort()).toEqual(['due.changed', 'payment.recorded']);
    expect(seen.slice(8)).toEqual(['redeem.toggled']);
    expect(a.events().find((e) => e.type === 'card.status')!.data).toEqual({ from: 0, to: 1 });
    // Seller B never hears of A's card, and A never of B's.
    expect(b.events().every((e) => e.seller_id === s.users.sellerB.id)).toBe(true);
    expect(typesOf(b)).toEqual(['card.submitted', 'pending.changed']);
    expect(a.events().every((e) => e.seller_id === s.users.sellerA.id)).toBe(true);
    // Staff hear both sellers.
    expect(typesOf(staff, cardB)).toEqual(['card.submitted']);
    expect(staff.events().map((e) => e.id)).toEqual([...staff.events().map((e) => e.id)].sort((x, y) => x - y));
    expect(staff.events().length).toBeGreaterThan(a.events().length);
  });

  it('a card edit and a delete are events; an unchanged save is none', async () => {
    const st = await stream(s.users.sellerA.token);
    const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40 });
    await st.waitFor(isEvent('card.submitted', card));
    expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 40 })).status).toBe(200);
    expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 45 })).status).toBe(200);
    await st.waitFor(isEvent('card.edited', card));
    expect((await s.call('DELETE', `gift-card/${card}`, { token: s.users.sellerA.token })).status).toBe(200);
    await st.waitFor(isEvent('card.deleted', card));
    expect(
      st
        .events()
        .filter((e) => e.card_id === card)
        .map((e) => e.type),
    ).toEqual(['card.submitted', 'card.edited', 'card.deleted']);
  });

  it('replays what a client missed after its Last-Event-ID, then goes on live', async () => {
    const start = await s.call('GET', 'events', { token: s.users.sellerA.token });
    expect(start.status).toBe(200);
    expect(start.body.events).toEqual([]);
    const from = start.body.last_id as number;
    const missed = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 30 });
    await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 30 });
    expect((await approve(missed)).status).toBe(200);

    const st = await stream(s.users.sellerA.token, { 'last-event-id': String(from) });
    await st.waitFor(isEvent('card.status', missed));
    expect(st.events().map((e) => e.type)).toEqual(['card.submitted', 'pending.changed', 'card.status', 'pending.changed', 'due.changed']);
    expect(st.frames.filter((f) => f.event === 'message').every((f) => Number(f.id) > from)).toBe(true);
    const live = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 31 });
    await st.waitFor(isEvent('card.submitted', live));

    // The same through the JSON form, for a seller only their own.
    const poll = await s.call('GET', `events?after=${from}`, { token: s.users.sellerA.token });
    expect(poll.status).toBe(200);
    const polled = poll.body.events as LiveEvent[];
    expect(polled.length).toBeGreaterThanOrEqual(6);
    expect(polled.every((e) => e.seller_id === s.users.sellerA.id)).toBe(true);
    expect(poll.body.last_id).toBe(polled.at(-1)!.id);
    const staffPoll = await s.call('GET', `events?after=${from}`, { token: s.users.admin.token });
    expect((staffPoll.body.events as LiveEvent[]).some((e) => e.seller_id === s.users.sellerB.id)).toBe(true);
  });

  it('events the table no longer keeps: the stream says to refetch everything', async () => {
    const st = await stream(s.users.admin.token, { 'last-event-id': '1' });
    await st.waitFor((f) => f.event === 'message');
    await s.database.query(sql`DELETE FROM events WHERE id < (SELECT max(id) FROM events) - 2`);
    const st2 = await stream(s.users.admin.token, { 'last-event-id': '1' });
    await st2.waitFor((f) => f.event === 'resync');
    expect(st.frames.some((f) => f.event === 'resync')).toBe(false);
  });

  it('logout ends the stream; the token cannot open another', async () => {
    const token = await s.login(s.users.sellerA.email);
    const st = await stream(token);
    const other = await stream(s.users.sellerA.token);
    expect((await s.call('POST', 'logout', { token })).status).toBe(200);
    await st.waitFor((f) => f.event === 'end', 2000);
    await st.ended;
    const again = await openEventStream(s.url, token);
    expect(again.status).toBe(401);
    // The same seller's other session goes on.
    const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 });
    await other.waitFor(isEvent('card.submitted', card));
  });

  it('refuses a request without a valid token; rejects a bad `after`', async () => {
    expect((await openEventStream(s.url, 'x'.repeat(43))).status).toBe(401);
    expect((await s.call('GET', 'events?after=-1', { token: s.users.admin.token })).status).toBe(422);
    expect((await s.call('GET', 'events?after=abc', { token: s.users.admin.token })).status).toBe(422);
  });

  it('a seller’s comment.added carries no staff id, streamed or polled; staff still get it (issue 49)', async () => {
    const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 32 });
    const { last_id: from } = (await s.call('GET', 'events', { token: s.users.sellerA.token })).body as { last_id: number };
    const seller = await stream(s.users.sellerA.token);
    const staff = await stream(s.users.manager.token);
    const added = await s.call('POST', `add-gift-card/${card}`, { token: s.users.manager.token, body: { comment: 'Staff note' } });
    expect(added.status).toBe(200);
    const live = JSON.parse((await seller.waitFor(isEvent('comment.added', card))).data) as LiveEvent;
    expect(live.data).not.toHaveProperty('user_id');
    const polled = (await s.call('GET', `events?after=${from}`, { token: s.users.sellerA.token })).body.events as LiveEvent[];
    const comment = polled.find((e) => e.type === 'comment.added' && e.card_id === card)!;
    expect(comment.data).not.toHaveProperty('user_id');
    const forStaff = JSON.parse((await staff.waitFor(isEvent('comment.added', card))).data) as LiveEvent;
    expect(forStaff.data).toMatchObject({ user_id: s.users.manager.id });
  });

  it('a Last-Event-ID of 2^53 or more, or not a whole number, is a 422 like `after` (issue 49)', async () => {
    for (const id of ['9007199254740992', '10000000000000000', 'abc', '-1']) {
      const polled = await s.call('GET', 'events', { token: s.users.admin.token, headers: { 'last-event-id': id } });
      expect([polled.status, Object.keys(polled.body.errors ?? {})], id).toEqual([422, ['after']]);
      const st = await stream(s.users.admin.token, { 'last-event-id': id });
      expect(st.status, id).toBe(422);
    }
    const ok = await s.call('GET', 'events', { token: s.users.admin.token, headers: { 'last-event-id': '9007199254740991' } });
    expect(ok.status).toBe(200);
  });

  it('keeps events for a bounded time', async () => {
    await s.database.query(sql`UPDATE events SET created_at = now() - interval '25 hours' WHERE id = (SELECT min(id) FROM events)`);
    const before = (await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM events`))[0].n;
    const { pruneEvents } = await import('../../src/server/modules/events/repository');
    await pruneEvents(s.database.db, 24, 1_000_000);
    expect((await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM events`))[0].n).toBe(before - 1);
    await pruneEvents(s.database.db, 24, 3);
    expect((await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM events`))[0].n).toBeLessThanOrEqual(3);
  });
});
