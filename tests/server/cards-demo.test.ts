import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed/demo';
import { bootstrapAdmin } from '../../src/server/seed/bootstrap';
import { freshDatabase } from '../helpers/db';
import { inspectImage } from '../../src/server/modules/images/inspect';

let ctx: { app: Awaited<ReturnType<typeof buildApp>>; drop: () => Promise<void>; dir: string };
beforeAll(async () => {
  const { database, drop } = await freshDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-demo-'));
  const app = await buildApp({ config: testConfig({ DATA_DIR: dir }), database });
  await app.ready();
  ctx = { app, drop, dir };
});
afterAll(async () => {
  await ctx?.app.close();
  await ctx?.drop();
  if (ctx) fs.rmSync(ctx.dir, { recursive: true, force: true });
});

describe('demo offers, cards and comments', () => {
  it('seeds offers of every kind and cards in every status with a real image each', async () => {
    const q = ctx.app.services.database.query;
    const accounts = await seedDemo(ctx.app.services.database, ctx.app.services);
    expect(accounts.length).toBeGreaterThan(0);
    const offers = await q<{ price_type: number; rate_type: number; is_active: number }>(
      sql`SELECT price_type, rate_type, is_active FROM gift_card_offers`,
    );
    expect(new Set(offers.map((o) => `${o.price_type}/${o.rate_type}`))).toEqual(new Set(['0/0', '1/1', '1/0']));
    expect(offers.some((o) => o.is_active === 0)).toBe(true);
    const cards = await q<{ card_status: number; n: number }>(
      sql`SELECT card_status, count(*)::int AS n FROM gift_cards GROUP BY card_status ORDER BY card_status`,
    );
    expect(cards.map((c) => c.card_status)).toEqual([0, 1, 2]);
    expect(cards.reduce((a, c) => a + c.n, 0)).toBe(12);
    const bad = await q(
      sql`SELECT id FROM gift_cards WHERE (card_status = 1) <> (approval_date IS NOT NULL) OR (card_status = 2) <> (rejection_date IS NOT NULL)`,
    );
    expect(bad).toEqual([]);
    const images = await q<{ image: string }>(sql`SELECT image FROM gift_card_images`);
    expect(images).toHaveLength(12);
    for (const { image } of images) {
      const res = await ctx.app.inject({ method: 'GET', url: ctx.app.services.signer.url(image, 1) });
      expect(res.statusCode).toBe(200);
      expect(inspectImage(res.rawPayload).ext).toBe('png');
      // A gift card's photo, large enough to read its printed number.
      expect(res.rawPayload.readUInt32BE(16)).toBe(640);
      expect(res.rawPayload.readUInt32BE(20)).toBe(400);
    }
    // A plausible month: submissions spread over weeks, each decision after its submission, history for each.
    const [spread] = await q<{ days: number; recent: number }>(
      sql`SELECT extract(day FROM max(created_at) - min(created_at))::int AS days, count(*) FILTER (WHERE card_status = 0 AND created_at > now() - interval '4 days')::int AS recent FROM gift_cards`,
    );
    expect(spread.days).toBeGreaterThanOrEqual(21);
    expect(spread.recent).toBe(4);
    const early = await q(sql`SELECT id FROM gift_cards WHERE coalesce(approval_date, rejection_date) < created_at OR created_at > now()`);
    expect(early).toEqual([]);
    // Due for review from submission, not from when the demo was loaded (issue 55): the cards pending for days are overdue.
    const offDue = await q(sql`SELECT g.id FROM gift_cards g JOIN gift_card_offers o ON o.id = g.giftcard_offer_id
      WHERE g.review_due_at IS DISTINCT FROM g.created_at + make_interval(mins => o.review_minutes)`);
    expect(offDue).toEqual([]);
    const [overdue] = await q<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM gift_cards WHERE card_status = 0 AND review_due_at < now()`,
    );
    expect(overdue.n).toBeGreaterThanOrEqual(3);
    const history = await q<{ card_status: number; created: number; decided: number; in_order: boolean }>(sql`
      SELECT g.card_status,
             count(*) FILTER (WHERE a.action = 'create')::int AS created,
             count(*) FILTER (WHERE a.action IN ('approve', 'reject'))::int AS decided,
             bool_and(a.action = 'create' OR a.created_at >= g.created_at) AS in_order
        FROM gift_cards g JOIN audit_log a ON a.entity = 'gift_card' AND a.entity_id = g.id
       GROUP BY g.id, g.card_status`);
    expect(history).toHaveLength(12);
    for (const h of history) expect(h).toMatchObject({ created: 1, decided: h.card_status === 0 ? 0 : 1, in_order: true });
    const [{ n }] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM gift_card_comments`);
    expect(n).toBeGreaterThanOrEqual(2);
    // The seller's due kept by the trigger equals the sum over their approved cards.
    const dues = await q<{ ok: boolean }>(
      sql`SELECT u.seller_due = COALESCE((SELECT sum(price - rate - paid_amount) FROM gift_cards g WHERE g.seller_id = u.id AND card_status = 1), 0) AS ok FROM users u WHERE role = 'seller'`,
    );
    expect(dues.every((d) => d.ok)).toBe(true);
    // A second run leaves the database alone.
    expect(await seedDemo(ctx.app.services.database, ctx.app.services)).toEqual([]);
    expect((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM gift_cards`))[0].n).toBe(12);
  });
});

describe('demo data with an ADMIN_EMAIL admin', () => {
  it('an admin bootstrapped first (even at an @example.com address) does not stop the demo data', async () => {
    const { database, drop } = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-demo-admin-'));
    const app = await buildApp({ config: testConfig({ DATA_DIR: dir }), database });
    try {
      await app.ready();
      expect(await bootstrapAdmin(database, 'admin@example.com', 'ops-password-1')).toBe(true);
      const accounts = await seedDemo(database, app.services);
      expect(accounts.map((a) => a.role).sort()).toEqual(['manager', 'seller', 'seller']);
      const [cards] = await database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM gift_cards`);
      expect(cards.n).toBe(12);
      // A second start finds data and seeds nothing again.
      expect(await seedDemo(database, app.services)).toEqual([]);
    } finally {
      await app.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
