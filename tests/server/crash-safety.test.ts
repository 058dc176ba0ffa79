import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { form, gallery, png, rangeOffer } from '../helpers/cards';
import { freshDatabase, testDbKind } from '../helpers/db';
import { checkLedgerInvariants } from '../helpers/invariants';
import { apiCall as api, startServerProcess, type ServerProcess } from '../helpers/server-process';

// A payment storm against a real server process, kill -9 in the middle, restart on the same data:
// every payment answered 200 is there in full, nothing half-written, the ledger invariants hold.
const PASSWORD = 'password-123';
const ADMIN = 'admin@crash.test';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-crash-test-'));
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
  for (const c of cleanups) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`crash safety (${testDbKind()})`, () => {
  it('kill -9 mid-storm: every acknowledged payment survives, the ledger is whole', async () => {
    const dataDir = path.join(tmp, 'data');
    let env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
    let pgDatabase: Database | undefined;
    if (testDbKind() === 'postgres') {
      const fresh = await freshDatabase();
      cleanups.push(fresh.drop);
      pgDatabase = fresh.database;
      env = { DATA_DIR: dataDir, DATABASE_URL: fresh.url as string };
    }
    const first = await startServerProcess({ ...env, ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: PASSWORD });
    running.push(first);
    const base = first.base;
    const signIn = async (b: string, email: string) => (await api(b, 'POST', 'login', undefined, { email, password: PASSWORD })).body;
    const login = async (email: string) => (await signIn(base, email)).token as string;
    const admin = await login(ADMIN);
    const sellerBody = { name: 'Seller', email: 'seller@crash.test', role: 'seller', password: PASSWORD };
    expect((await api(base, 'POST', 'users', admin, sellerBody)).status).toBe(200);
    const sellerLogin = await signIn(base, 'seller@crash.test');
    const seller = sellerLogin.token as string;
    const sellerId = sellerLogin.user.id as number;
    expect((await api(base, 'POST', 'gift-card-offer', admin, rangeOffer())).status).toBe(200);
    const offerId = (await api(base, 'GET', 'all-gift-card-offer', admin)).body[0].id as number;
    for (let i = 0; i < 12; i++) {
      const r = await api(base, 'POST', 'gift-card', seller, form({ giftcard_offer_id: offerId, price: 50 }, gallery(png())));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const cards = ((await api(base, 'GET', 'my-giftcard?page=1', seller)).body.data.data as { id: number }[]).map((c) => c.id);
    for (const id of cards) {
      const r = await api(base, 'POST', `gift-card-update/${id}`, admin, { giftcard_offer_id: offerId, price: 50, card_status: 1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }

    // The storm: card payments and payouts from 16 clients until the server dies.
    const acknowledged: { code: string; amount: number }[] = [];
    let n = 0;
    let dead = false;
    const client = async (k: number) => {
      while (!dead) {
        const code = `CRASH-${k}-${++n}`;
        const amount = 0.01 * (1 + (n % 7));
        const body =
          n % 3 === 0
            ? { code, transaction_amount: amount, seller_id: sellerId }
            : { code, transaction_amount: amount, gidcard_id: cards[n % cards.length] };
        try {
          const r = await api(base, 'POST', 'transaction', admin, body);
          if (r.status === 200) acknowledged.push({ code, amount: Math.round(amount * 100) });
          else expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const storm = Array.from({ length: 16 }, (_, k) => client(k));
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    running.splice(running.indexOf(first), 1);
    dead = true;
    await Promise.all(storm);
    await new Promise((r) => (first.child.exitCode !== null || first.child.signalCode !== null ? r(null) : first.child.once('exit', r)));
    expect(first.child.signalCode).toBe('SIGKILL');

    // Restart on the same data: it starts and answers, then the ledger is read directly.
    const second = await startServerProcess(env);
    running.push(second);
    const again = (await signIn(second.base, 'seller@crash.test')).token as string;
    expect((await api(second.base, 'GET', 'seller-due', again)).status).toBe(200);
    await second.stop();

    const database = pgDatabase ?? (await openDatabase({ dataDir, reportTz: 'UTC' }));
    if (!pgDatabase) cleanups.push(() => database.close());
    const stored = await database.query<{ code: string; cents: number; allocated: number }>(
      sql`SELECT t.code, (t.transaction_amount * 100)::int AS cents,
                 (SELECT coalesce(sum(a.amount), 0) * 100 FROM transaction_allocations a WHERE a.transaction_id = t.id)::int AS allocated
            FROM transactions t WHERE t.code LIKE 'CRASH-%'`,
    );
    const byCode = new Map(stored.map((r) => [r.code, r]));
    const missing = acknowledged.filter((a) => byCode.get(a.code)?.cents !== a.amount || byCode.get(a.code)?.allocated !== a.amount);
    expect(missing).toEqual([]);
    await checkLedgerInvariants(database);
  }, 240_000);
});
