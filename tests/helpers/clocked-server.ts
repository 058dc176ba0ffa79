import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from './server';
import { checkLedgerInvariants } from './invariants';
import { clock } from '../../src/server/clock';

/**
 * One test server for a file of money tests on a clock the tests move: `ready` gets the server once it runs (the
 * file's offers and such); the returned function sets the clock to now + ms. After each test the clock is back at now
 * and the ledger's invariants are checked; after the file the real clock is back and the server closed.
 */
export function clockedServer(ready: (s: TestServer) => Promise<void>): (ms: number) => void {
  let s: TestServer | undefined;
  let offset = 0;
  const realNow = clock.now;
  beforeAll(async () => {
    s = await startTestServer();
    clock.now = () => new Date(Date.now() + offset);
    await ready(s);
  });
  afterAll(async () => {
    clock.now = realNow;
    await s?.close();
  });
  afterEach(async () => {
    offset = 0;
    await checkLedgerInvariants(s!.database);
  });
  return (ms) => {
    offset = ms;
  };
}

/**
 * A seller's figures agree on every surface: due = available now + on hold, the same on their dashboard and on the
 * seller list (read with `staffToken`). Answers the figures (seller-due), for a file's further checks.
 */
export async function sellerFiguresAgree(s: TestServer, seller: TestUser, staffToken: string) {
  const d = (await s.call('GET', 'seller-due', { token: seller.token })).body;
  expect(d.available_now + d.on_hold).toBeCloseTo(d.due, 2);
  const dash = (await s.call('GET', 'dashboard-figures', { token: seller.token })).body;
  expect({ due: dash.due, available_now: dash.available_now, on_hold: dash.on_hold, hold_release: dash.hold_release }).toEqual(d);
  const list = await s.call('GET', `seller-lists?q=${encodeURIComponent(seller.email)}`, { token: staffToken });
  const row = list.body.data.find((r: { id: number }) => r.id === seller.id);
  expect({ due: row.seller_due, available_now: row.available_now, on_hold: row.on_hold, hold_release: row.hold_release }).toEqual(d);
  return d;
}
