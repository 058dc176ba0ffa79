import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { insertOffer } from '../helpers/ledger-fixtures';
import { DEEP_PAGE_OFFSET, deepPageIds } from '../../src/server/modules/cards/deep-pages';

/**
 * Deep pages (migration 0014): page N of the newest-first card list, of all cards or one status, is found through
 * per-block counts the triggers keep. Checked against a plain OFFSET after inserts, deletes and status changes
 * spread over several blocks of 4,096 ids.
 */
let s: TestServer;
const CARDS = 10_000;

const offsetIds = async (status: number, offset: number, limit: number) =>
  (
    await s.database.query<{ id: number }>(
      sql`SELECT id FROM gift_cards WHERE (${status}::int = -1 OR card_status = ${status}::int) ORDER BY id DESC OFFSET ${offset}::int LIMIT ${limit}::int`,
    )
  ).map((r) => Number(r.id));

beforeAll(async () => {
  s = await startTestServer();
  const offer = await insertOffer(s.database);
  const sellers = [s.users.sellerA.id, s.users.sellerB.id];
  await s.database.query(sql`
    INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status)
    SELECT ${offer}::int, CASE WHEN i % 2 = 0 THEN ${sellers[0]}::int ELSE ${sellers[1]}::int END, 10 + i % 50, 1, ((i * 7) % 3)::smallint
      FROM generate_series(1, ${CARDS}::int) i`);
  // Changes after the load, through the triggers: holes, status moves, and a few cards at the newest end.
  await s.database.query(sql`DELETE FROM gift_cards WHERE id % 13 = 0 OR id BETWEEN 4000 AND 4300`);
  await s.database.query(sql`UPDATE gift_cards SET card_status = 2 WHERE card_status = 0 AND id % 5 = 0`);
  await s.database.query(sql`UPDATE gift_cards SET card_status = 1, approval_date = now() WHERE card_status = 0 AND id % 11 = 0`);
  await s.database.query(sql`
    INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate) SELECT ${offer}::int, ${sellers[0]}::int, 20, 1 FROM generate_series(1, 50)`);
}, 120_000);
afterAll(async () => s?.close());

describe('deep pages', () => {
  it('the block counts equal the cards, per status and in all', async () => {
    const [row] = await s.database.query<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM (
        SELECT status, block, sum(n) AS n FROM gift_card_blocks GROUP BY status, block) b
      FULL JOIN (
        SELECT -1 AS status, id / 4096 AS block, count(*) AS n FROM gift_cards GROUP BY 2
        UNION ALL SELECT card_status, id / 4096, count(*) FROM gift_cards GROUP BY 1, 2) c USING (status, block)
      WHERE coalesce(b.n, 0) <> coalesce(c.n, 0)`);
    expect(row.bad).toBe(0);
  });

  it('every deep offset gives the same ids as a plain OFFSET, for all cards and each status', async () => {
    for (const status of [-1, 0, 1, 2, 3] as const) {
      const [{ n }] = await s.database.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM gift_cards WHERE (${status}::int = -1 OR card_status = ${status}::int)`,
      );
      for (const offset of [0, 1, 4095, 4096, 4097, 5000, n - 7, n - 5, n - 1, n, n + 100].filter((o) => o >= 0)) {
        for (const limit of [5, 25]) {
          expect(await deepPageIds(s.database.db, status, offset, limit), `status ${status} offset ${offset}`).toEqual(
            await offsetIds(status, offset, limit),
          );
        }
      }
    }
  });

  it('the API answers a deep page (spec call and one status) with the rows a plain OFFSET reads', async () => {
    const admin = s.users.admin.token;
    const page = Math.floor(DEEP_PAGE_OFFSET / 5) + 300;
    const all = await s.call('GET', `/api/gift-card?page=${page}`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data.map((c: { id: number }) => c.id)).toEqual(await offsetIds(-1, (page - 1) * 5, 5));
    const approved = await s.call('GET', `/api/gift-card?status=1&page=${Math.floor(page / 5)}&per_page=25`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body.data.map((c: { id: number }) => c.id)).toEqual(await offsetIds(1, (Math.floor(page / 5) - 1) * 25, 25));
  });
});
