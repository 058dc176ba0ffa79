import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/demo';
import { seedDemoPayments } from '../../src/server/seed/demo-payments';
import { freshDatabase } from '../helpers/db';
import { checkLedgerInvariants } from '../helpers/invariants';

async function withApp<T>(seed: boolean, fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const { database, drop } = await freshDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-ledger-demo-'));
  const app = await buildApp({ config: testConfig({ DATA_DIR: dir }), database });
  try {
    await app.ready();
    if (seed) expect((await seedDemo(database, app.services)).length).toBeGreaterThan(0);
    return await fn(app);
  } finally {
    await app.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('demo payments', () => {
  it('do nothing when there are no approved cards', async () => {
    await withApp(false, async (app) => {
      await seedDemoPayments({ database: app.services.database, services: app.services, ids: {} });
      await app.services.database.query(
        sql`INSERT INTO users (name, email, password_hash, role) VALUES ('a', 'a@example.com', 'x', 'admin'), ('s', 's@example.com', 'x', 'seller')`,
      );
      await app.services.database.query(sql`INSERT INTO gift_card_offers (title, price_type, rate_type, rate) VALUES ('o', 0, 1, 0)`);
      await app.services.database.query(
        sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status) SELECT o.id, u.id, 10, 0, 0 FROM gift_card_offers o, users u WHERE u.role = 'seller'`,
      );
      await seedDemoPayments({ database: app.services.database, services: app.services, ids: {} });
      const [{ n }] = await app.services.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions`);
      expect(n).toBe(0);
    });
  });

  it('run after the demo cards: a partial card payment and one bulk payment', { timeout: 180_000 }, async () => {
    await withApp(true, async (app) => {
      const q = app.services.database.query;
      const txs = await q<{ code: string; gift_card_id: number | null; allocations: number }>(sql`
        SELECT t.code, t.gift_card_id, (SELECT count(*)::int FROM transaction_allocations a WHERE a.transaction_id = t.id) AS allocations
          FROM transactions t ORDER BY t.id`);
      expect(txs.map((t) => t.code)).toEqual(['DEMO-CARD-0001', 'DEMO-BULK-0001']);
      expect(txs[0].gift_card_id).not.toBeNull();
      expect(txs[1].gift_card_id).toBeNull();
      const [partial] = await q<{ paid: string; payable: string }>(
        sql`SELECT paid_amount::text AS paid, (price - rate)::text AS payable FROM gift_cards WHERE id = ${txs[0].gift_card_id}`,
      );
      expect(Number(partial.paid)).toBeGreaterThan(0);
      expect(Number(partial.paid)).toBeLessThan(Number(partial.payable));
      const due = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE role = 'seller' AND seller_due > 0`);
      expect(due[0].n).toBeGreaterThan(0);
      await checkLedgerInvariants(app.services.database);
    });
  });
});

describe('demo cards', () => {
  it("each has its photo's read queued, which the staff dashboard counts as photos to read", async () => {
    await withApp(true, async (app) => {
      const [{ cards, queued }] = await app.services.database.query<{ cards: number; queued: number }>(
        sql`SELECT (SELECT count(*)::int FROM gift_cards) AS cards,
          (SELECT count(*)::int FROM jobs j JOIN card_number_reads r ON r.gift_card_id = j.key::int
           WHERE j.kind = 'card-read' AND r.status = 'pending') AS queued`,
      );
      expect(cards).toBeGreaterThan(0);
      expect(queued).toBe(cards);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@example.com', password: 'admin-password' },
      });
      const figures = await app.inject({
        method: 'GET',
        url: '/api/dashboard-figures',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(figures.json().jobs_backlog).toBeGreaterThanOrEqual(cards);
    });
  });
});
