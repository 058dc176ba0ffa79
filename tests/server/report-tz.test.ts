import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

// REPORT_TZ is pinned in the database (PGlite on disk here: the same rules run on PostgreSQL at every start).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-tz-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const open = (reportTz: string, onReportTzMismatch?: 'refuse' | 'rebuild') => openDatabase({ dataDir: dir, reportTz, onReportTzMismatch });

describe('REPORT_TZ pinned in the database', () => {
  it('a changed zone is refused until the rollup is rebuilt for it explicitly', async () => {
    const first = await open('UTC');
    await first.query(sql`INSERT INTO users (name, email, password_hash, role) VALUES ('S', 's@tz.test', 'x', 'seller')`);
    await first.query(
      sql`INSERT INTO gift_card_offers (title, price_type, rate_type, rate, min_price, max_price) VALUES ('o', 0, 1, 0, 1, 100)`,
    );
    await first.query(sql`
      INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status, approval_date)
      SELECT o.id, u.id, 10, 0, 1, '2026-03-01 03:00:00+00' FROM gift_card_offers o, users u WHERE u.email = 's@tz.test'`);
    const days = async (db: Awaited<ReturnType<typeof open>>) =>
      (
        await db.query<{ day: string; seller_id: number; approved: number }>(
          sql`SELECT day::text AS day, seller_id, approved FROM report_daily WHERE approved > 0 ORDER BY seller_id`,
        )
      ).map((r) => `${r.day}/${r.seller_id === 0 ? 'all' : 'seller'}/${r.approved}`);
    expect(await days(first)).toEqual(['2026-03-01/all/1', '2026-03-01/seller/1']);
    await first.close();

    await expect(open('America/New_York')).rejects.toThrow(
      'REPORT_TZ is America/New_York, but the report days in this database were counted in UTC. Start with REPORT_TZ=UTC, or stop every server and rebuild them for America/New_York: npm run report:rebuild -- America/New_York',
    );
    const same = await open('UTC');
    expect(await days(same)).toEqual(['2026-03-01/all/1', '2026-03-01/seller/1']);
    await same.close();

    const rebuilt = await open('America/New_York', 'rebuild');
    expect(await days(rebuilt)).toEqual(['2026-02-28/all/1', '2026-02-28/seller/1']);
    const [tz] = await rebuilt.query<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'report_tz'`);
    expect(tz.value).toBe('America/New_York');
    await rebuilt.close();
    await expect(open('UTC')).rejects.toThrow('were counted in America/New_York');
  });

  it('a database with no report days yet takes the configured zone', async () => {
    const fresh = await openDatabase({ dataDir: ':memory:', reportTz: 'Asia/Tokyo' });
    const [tz] = await fresh.query<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'report_tz'`);
    expect(tz.value).toBe('Asia/Tokyo');
    await fresh.close();
  });
});
