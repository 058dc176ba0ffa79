import { hashPassword } from '../src/server/modules/auth/service';
import { fillIdentifierKeys } from '../src/server/db/identifier-keys';
import type { BenchSql } from './sql';
import {
  BENCH_ACCOUNTS,
  cardsSql,
  commentsSql,
  imagesSql,
  offersSql,
  paymentsSql,
  staffSql,
  usersSql,
  type GenParams,
} from './generate-sql';
import { countersSql, reportDailySql, userTotalsSql } from './recompute';
import { dropBulkIndexes, restoreIndexes, type SavedIndex } from './indexes';

export interface GenResult {
  seconds: number;
  steps: { step: string; seconds: number }[];
  rows: Record<string, number>;
}

/** Sellers for a marketplace of this many cards: one per 40 cards on average (at least 20). */
export const sellersFor = (cards: number) => Math.max(20, Math.round(cards / 40));

/** Per session: triggers (and foreign-key checks) off, memory for sorts and index builds. */
const SESSION = `SET session_replication_role = replica; SET maintenance_work_mem = '256MB'; SET work_mem = '256MB'; SET jit = off; SELECT setseed(0.42);`;
const TABLES = [
  'users',
  'gift_card_offers',
  'gift_cards',
  'gift_card_images',
  'gift_card_comments',
  'transactions',
  'transaction_allocations',
  'report_daily',
  'counters',
];

/**
 * Fills an empty migrated database: triggers off for the bulk load, derived tables recomputed, indexes rebuilt, analyzed.
 * With a second connection (PostgreSQL), independent steps run two at a time.
 */
export async function generate(
  db: BenchSql,
  cards: number,
  log: (line: string) => void,
  second: BenchSql | null = null,
): Promise<GenResult> {
  const started = performance.now();
  const steps: GenResult['steps'] = [];
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(40)} ${seconds.toFixed(1)} s`);
  };
  /** Two independent jobs: side by side on two connections, else one after the other. */
  const both = async (a: (c: BenchSql) => Promise<unknown>, b: (c: BenchSql) => Promise<unknown>) => {
    if (second) await Promise.all([a(db), b(second)]);
    else {
      await a(db);
      await b(db);
    }
  };
  const p: GenParams = { cards, sellers: sellersFor(cards), knownHash: '', bulkHash: '' };
  await step('password hashes', async () => {
    [p.knownHash, p.bulkHash] = await Promise.all([hashPassword(BENCH_ACCOUNTS.password), hashPassword(`bulk-${Math.random()}`)]);
  });
  await db.exec(SESSION);
  if (second) await second.exec(SESSION);
  let saved: SavedIndex[] = [];
  await step('drop bulk indexes', async () => (saved = await dropBulkIndexes(db)));
  await step('users, offers', () => db.exec(usersSql(p) + offersSql()));
  await step('cards', () => db.exec(cardsSql(p)));
  await step('images, comments | payouts, allocations', () =>
    both(
      (c) => c.exec(staffSql + imagesSql() + commentsSql()),
      (c) => c.exec(staffSql + paymentsSql()),
    ),
  );
  await step('card number and payout code keys', () => fillIdentifierKeys((text, params) => db.rows(text, params)));
  await step('seller totals, counters | report rollup', () =>
    both(
      (c) => c.exec(userTotalsSql + countersSql),
      (c) => c.exec(reportDailySql),
    ),
  );
  await step('rebuild indexes', () =>
    both(
      (c) =>
        restoreIndexes(
          c,
          saved.filter((_, i) => i % 2 === 0),
        ),
      (c) =>
        restoreIndexes(
          c,
          saved.filter((_, i) => i % 2 === 1),
        ),
    ),
  );
  for (const c of second ? [db, second] : [db])
    await c.exec(`SET session_replication_role = origin; DROP TABLE IF EXISTS bench_alloc, bench_offers, bench_sellers, bench_staff;`);
  await db.exec(
    `INSERT INTO app_settings (key, value) VALUES ('bench_cards', '${cards}') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;`,
  );
  const vacuum = async (c: BenchSql, tables: string[]) => {
    for (const t of tables) await c.exec(`VACUUM ANALYZE ${t}`); // one statement per call: VACUUM cannot run in a transaction
  };
  await step('vacuum analyze', () =>
    both(
      (c) =>
        vacuum(
          c,
          TABLES.filter((_, i) => i % 2 === 0),
        ),
      (c) =>
        vacuum(
          c,
          TABLES.filter((_, i) => i % 2 === 1),
        ),
    ),
  );
  const counts = await db.rows<{ t: string; n: string }>(`
    SELECT 'cards' AS t, count(*) AS n FROM gift_cards UNION ALL SELECT 'images', count(*) FROM gift_card_images
    UNION ALL SELECT 'comments', count(*) FROM gift_card_comments UNION ALL SELECT 'sellers', count(*) FROM users WHERE role = 'seller'
    UNION ALL SELECT 'transactions', count(*) FROM transactions UNION ALL SELECT 'allocations', count(*) FROM transaction_allocations`);
  return { seconds: (performance.now() - started) / 1000, steps, rows: Object.fromEntries(counts.map((r) => [r.t, Number(r.n)])) };
}
