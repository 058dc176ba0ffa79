import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/modules/auth/service';
import { insertUser } from '../../src/server/modules/users/repository';
import { freshDatabase, testDbKind } from '../helpers/db';
import { startTcpProxy } from '../helpers/tcp-proxy';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { sql } from 'drizzle-orm';

const onPostgres = testDbKind() === 'postgres';
if (!onPostgres) console.log('faults.test.ts: database connection faults run on PostgreSQL only (TEST_DB=postgres); skipped here');

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  // Bounded: a cleanup stuck on a dead connection must not hang the suite.
  for (const c of cleanups.reverse()) await Promise.race([c().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
});

describe.runIf(onPostgres)('database connection faults', () => {
  it('answers a clean 503 while the database is unreachable and recovers by itself', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const upstream = new URL(fresh.url!);
    const proxy = await startTcpProxy(Number(upstream.port || 5432), upstream.hostname);
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(fresh.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: ':memory:', reportTz: 'UTC', poolSize: 4 });
    cleanups.push(() => database.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-faults-'));
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
    cleanups.push(() => app.close());
    await insertUser(database.db, {
      name: 'Admin',
      email: 'admin@faults.test',
      role: 'admin',
      passwordHash: await hashPassword('password-123'),
      rate: null,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@faults.test', password: 'password-123' },
    });
    const token = login.json().token as string;
    const list = () => app.inject({ method: 'GET', url: '/api/all-user-lists?page=1', headers: { authorization: `Bearer ${token}` } });
    expect((await list()).statusCode).toBe(200);

    // Connections dropped mid-request: every answer is a 200 or a clean 503, never a 500.
    const inFlight = Array.from({ length: 12 }, () => list());
    await proxy.cut();
    const during = await Promise.all(inFlight);
    for (const r of during) {
      expect([200, 503]).toContain(r.statusCode);
      expect(r.json().message ?? r.json().data).toBeTruthy();
    }
    // While the database is down: 503 with a JSON message.
    const down = await list();
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/temporarily unavailable/);

    // Database back: the server recovers without a restart.
    await proxy.restore();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await list();
      statuses.push(r.statusCode);
      if (r.statusCode === 200) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((st) => st === 200 || st === 503)).toBe(true);

    // Payments interrupted mid-transaction: each is either fully recorded or not at all.
    const [seller] = await fresh.database.query<{ id: number }>(
      sql`INSERT INTO users (name, email, password_hash, role) VALUES ('Paid', 'paid@faults.test', 'x', 'seller') RETURNING id`,
    );
    const offer = await insertOffer(fresh.database);
    const cards: number[] = [];
    for (let i = 0; i < 10; i++) cards.push(await insertCard(fresh.database, { sellerId: seller.id, offerId: offer, price: '100.00' }));
    let answered200 = 0;
    const pay = (i: number) =>
      i % 2
        ? app.inject({
            method: 'POST',
            url: '/api/transaction',
            headers: { authorization: `Bearer ${token}` },
            payload: { code: `CUT-${i}`, transaction_amount: '7.77', gidcard_id: cards[i % cards.length] },
          })
        : app.inject({
            method: 'POST',
            url: '/api/bulk-payment',
            headers: { authorization: `Bearer ${token}` },
            payload: { code: `CUT-${i}`, paid_amount: '13.13', seller_id: seller.id },
          });
    // Staggered so that the cut lands while some payments have committed and others are mid-transaction.
    const payments = Array.from({ length: 40 }, (_, i) =>
      new Promise<void>((r) => setTimeout(r, i * 4))
        .then(() => pay(i))
        .then((res) => {
          if (res.statusCode === 200) answered200 += 1;
          return res;
        }),
    );
    for (let waited = 0; answered200 < 5 && waited < 3000; waited += 2) await new Promise((r) => setTimeout(r, 2));
    await proxy.cut();
    const results = await Promise.all(payments);
    await proxy.restore();
    for (const r of results) expect([200, 409, 422, 503], r.body).toContain(r.statusCode);
    const recorded = await fresh.database.query<{ code: string }>(sql`SELECT code FROM transactions WHERE code LIKE 'CUT-%'`);
    const recordedCodes = new Set(recorded.map((t) => t.code));
    results.forEach((r, i) => {
      if (r.statusCode === 200) expect(recordedCodes.has(`CUT-${i}`)).toBe(true);
      if (r.statusCode === 422 || r.statusCode === 409) expect(recordedCodes.has(`CUT-${i}`)).toBe(false);
    });
    await checkLedgerInvariants(fresh.database);
    // No connection leaked: far more requests than pool slots still go through.
    for (let i = 0; i < 12; i++) expect((await list()).statusCode).toBe(200);
    console.log(
      `faults: connection cut under ${payments.length} payments: ${results.filter((r) => r.statusCode === 503).length} answered 503, ${recorded.length} recorded, none partial`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

// Runs once (in the PGlite pass): the child server uses its own embedded database either way.
describe.runIf(!onPostgres)('graceful shutdown', () => {
  it('finishes requests in flight on SIGTERM, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-sigterm-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: 'admin@sigterm.test',
        ADMIN_PASSWORD: 'password-123',
        LOG_LEVEL: 'warn',
        DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => child.kill('SIGKILL'));
    let out = '';
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /API listening on (http:\/\/[^/\s]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Requests in flight: headers sent and taken in when SIGTERM arrives, the body after.
    const body = JSON.stringify({ email: 'admin@sigterm.test', password: 'password-123' });
    const url = new URL(base);
    // `Expect: 100-continue`: the server answers 100 once it has taken the request in, so SIGTERM
    // arrives while all three are provably in flight (headers read, body not yet sent).
    const inFlight = Array.from({ length: 3 }, () => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: '/api/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      });
      const accepted = new Promise<void>((resolve) => req.on('continue', () => resolve()));
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
      });
      req.flushHeaders();
      return { req, accepted, answer };
    });
    await Promise.all(inFlight.map((f) => f.accepted));
    // The bodies go out only once the server says it is shutting down: no guessed sleep.
    const stopping = new Promise<void>((resolve) => {
      const onData = () => /SIGTERM: finishing requests in flight/.test(out) && resolve();
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    child.kill('SIGTERM');
    await stopping;
    for (const f of inFlight) f.req.end(body);
    const answers = await Promise.all(inFlight.map((f) => f.answer));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.text).token).toBeTruthy();
    }
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/api/ping`)).rejects.toThrow();
  }, 120_000);
});
