import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/service';
import { insertUser } from '../../src/server/modules/users/repository';
import { freshDatabase, testDbKind } from '../helpers/db';
import { apiCall, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { form, gallery, png, rangeOffer } from '../helpers/cards';
import { isEvent, openEventStream, type OpenStream } from '../helpers/event-stream';

const PASSWORD = 'password-123';

interface Instance extends ServerProcess {
  dataDir: string;
}
async function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-events-'));
  return Object.assign(await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), { dataDir });
}

describe.runIf(testDbKind() === 'postgres')('live events across two server processes on one PostgreSQL database', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let one: Instance;
  let two: Instance;
  const tokens: Record<'admin' | 'sellerA' | 'sellerB', string> = { admin: '', sellerA: '', sellerB: '' };
  const ids: Record<'sellerA' | 'sellerB', number> = { sellerA: 0, sellerB: 0 };
  const streams: OpenStream[] = [];
  let offer: number;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const passwordHash = await hashPassword(PASSWORD);
    const db = fresh.database.db;
    await insertUser(db, { name: 'Admin', email: 'admin@live.test', role: 'admin', passwordHash, rate: null });
    ids.sellerA = await insertUser(db, { name: 'Seller A', email: 'a@live.test', role: 'seller', passwordHash, rate: null });
    ids.sellerB = await insertUser(db, { name: 'Seller B', email: 'b@live.test', role: 'seller', passwordHash, rate: null });
    [one, two] = await Promise.all([startInstance(fresh.url!), startInstance(fresh.url!)]);
    for (const [who, email] of [
      ['admin', 'admin@live.test'],
      ['sellerA', 'a@live.test'],
      ['sellerB', 'b@live.test'],
    ] as const)
      tokens[who] = (await apiCall(one.base, 'POST', 'login', undefined, { email, password: PASSWORD })).body.token;
    expect((await apiCall(one.base, 'POST', 'gift-card-offer', tokens.admin, rangeOffer())).status).toBe(200);
    offer = (await apiCall(one.base, 'GET', 'all-gift-card-offer', tokens.admin)).body[0].id;
  }, 180_000);

  afterAll(async () => {
    streams.forEach((st) => st.close());
    for (const i of [one, two]) {
      if (!i) continue;
      i.child.kill('SIGKILL');
      fs.rmSync(i.dataDir, { recursive: true, force: true });
    }
    await fresh?.drop();
  });

  const open = async (i: Instance, token: string, headers?: Record<string, string>) => {
    const st = await openEventStream(i.base, token, headers);
    expect(st.status).toBe(200);
    streams.push(st);
    return st;
  };
  const submit = async (i: Instance, token: string, price: number) => {
    const r = await apiCall(i.base, 'POST', 'gift-card', token, form({ giftcard_offer_id: offer, price }, gallery(png())));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (await apiCall(i.base, 'GET', 'my-giftcard?page=1', token)).body.data.data[0].id as number;
  };

  it('an event caused on one instance reaches streams on the other within a second; a seller hears only their own', async () => {
    const staffOnTwo = await open(two, tokens.admin);
    const aOnTwo = await open(two, tokens.sellerA);
    const bOnTwo = await open(two, tokens.sellerB);
    const staffOnOne = await open(one, tokens.admin);

    const card = await submit(one, tokens.sellerA, 50);
    await staffOnTwo.waitFor(isEvent('card.submitted', card), 1000);
    await aOnTwo.waitFor(isEvent('card.submitted', card), 1000);
    await staffOnOne.waitFor(isEvent('card.submitted', card), 1000);

    const approve = await apiCall(two.base, 'POST', `gift-card-update/${card}`, tokens.admin, {
      giftcard_offer_id: offer,
      price: 50,
      card_status: 1,
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    await aOnTwo.waitFor(isEvent('card.status', card), 1000);
    await staffOnOne.waitFor(isEvent('card.status', card), 1000);

    const cardB = await submit(two, tokens.sellerB, 70);
    await bOnTwo.waitFor(isEvent('card.submitted', cardB), 1000);
    await staffOnOne.waitFor(isEvent('card.submitted', cardB), 1000);
    expect(aOnTwo.events().every((e) => e.seller_id === ids.sellerA)).toBe(true);
    expect(bOnTwo.events().every((e) => e.seller_id === ids.sellerB)).toBe(true);
    expect(aOnTwo.events().some((e) => e.card_id === cardB)).toBe(false);
    // Each instance delivered each event once, the same events up to B's card.
    const last = Number((await staffOnTwo.waitFor(isEvent('card.submitted', cardB), 1000)).id);
    const idsOf = (st: OpenStream) => st.events().map((e) => e.id);
    expect(new Set(idsOf(staffOnOne)).size).toBe(idsOf(staffOnOne).length);
    expect(idsOf(staffOnTwo).filter((id) => id <= last)).toEqual(idsOf(staffOnOne).filter((id) => id <= last));
  });

  it('a reconnect to the other instance with Last-Event-ID replays what was missed', async () => {
    const first = await open(one, tokens.sellerA);
    const card = await submit(one, tokens.sellerA, 40);
    const seen = await first.waitFor(isEvent('card.submitted', card));
    first.close();
    const missed = await submit(two, tokens.sellerA, 41);
    await submit(two, tokens.sellerB, 42);
    const again = await open(two, tokens.sellerA, { 'last-event-id': seen.id! });
    await again.waitFor(isEvent('card.submitted', missed), 1000);
    expect(again.events().map((e) => e.type)).toEqual(['pending.changed', 'card.submitted', 'pending.changed']);
    expect(again.events().every((e) => e.seller_id === ids.sellerA)).toBe(true);
  });

  it('logout through one instance ends the stream held by the other', async () => {
    const token = (await apiCall(one.base, 'POST', 'login', undefined, { email: 'b@live.test', password: PASSWORD })).body.token as string;
    const st = await open(two, token);
    expect((await apiCall(one.base, 'POST', 'logout', token)).status).toBe(200);
    await st.waitFor((f) => f.event === 'end', 1000);
    await st.ended;
  });

  it('one instance relays the event rows with pg_notify; when its connection is lost, a relayer takes over', async () => {
    // pg_locks lists the locks of every database on the server, and an advisory lock belongs to one database:
    // another copy of the server on the same PostgreSQL holds its own relay lock in its own database.
    const relayer = async () =>
      (
        await fresh.database.query<{ pid: number }>(
          sql`SELECT pid FROM pg_locks
               WHERE locktype = 'advisory' AND objid = 727011 AND granted
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).map((r) => r.pid);
    // An instance starts relaying with its first stream (the test does not lean on the tests before it for that).
    const onOne = await open(one, tokens.admin);
    const onTwo = await open(two, tokens.admin);
    const before = await vi.waitFor(
      async () => {
        const pids = await relayer();
        expect(pids).toHaveLength(1);
        return pids;
      },
      { timeout: 3000, interval: 50 },
    );
    await fresh.database.query(sql`SELECT pg_terminate_backend(${before[0]})`);
    const card = await submit(one, tokens.sellerA, 33);
    await onOne.waitFor(isEvent('card.submitted', card), 3000);
    await onTwo.waitFor(isEvent('card.submitted', card), 3000);
    const after = await relayer();
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });
});
