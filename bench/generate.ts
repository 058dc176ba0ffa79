import { hashPassword } from '../src/server/modules/auth/service';
import type { BenchSql } from './sql';
import { cardsSql, commentsSql, imagesSql, offersSql, paymentsSql, usersSql, type GenParams } from './generate-sql';
import { recomputeSql } from './recompute';
import { dropBulkIndexes, restoreIndexes } from './indexes';
import { BENCH_ACCOUNTS } from './generate-sql';

export interface GenResult { seconds: number; steps: { step: string; seconds: number }[]; rows: Record<string, number> }

/** Sellers for a marketplace of this many cards: one per 40 cards on average (at least 20). */
export const sellersFor = (cards: number) => Math.max(20, Math.round(cards / 40));

/** Fills an empty migrated database: triggers off for the bulk load, derived tables recomputed, indexes rebuilt, analyzed. */
export async function generate(db: BenchSql, cards: number, log: (line: string) => void): Promise<GenResult> {
  const started = performance.now();
  const steps: GenResult['steps'] = [];
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(22)} ${seconds.toFixed(1)} s`);
  };
  const p: GenParams = { cards, sellers: sellersFor(cards), knownHash: '', bulkHash: '' };
  await step('password hashes', async () => {
    [p.knownHash, p.bulkHash] = await Promise.all([hashPassword(BENCH_ACCOUNTS.password), hashPassword(`bulk-${Math.random()}`)]);
  });
  await db.exec(`SET session_replication_role = replica; SET maintenance_work_mem = '256MB'; SET work_mem = '256MB'; SET jit = off; SELECT setseed(0.42);`);
  let saved: Awaited<ReturnType<typeof dropBulkIndexes>> = [];
  await step('drop bulk indexes', async () => (saved = await dropBulkIndexes(db)));
  await step('users', () => db.exec(usersSql(p)));
  await step('offers', () => db.exec(offersSql()));
  await step('cards', () => db.exec(cardsSql(p)));
  await step('images', () => db.exec(imagesSql()));
  await step('comments', () => db.exec(commentsSql()));
  await step('payouts + allocations', () => db.exec(paymentsSql()));
  await step('recompute derived', () => db.exec(recomputeSql));
  await step('rebuild indexes', () => restoreIndexes(db, saved));
  await db.exec(`SET session_replication_role = origin; DROP TABLE bench_alloc, bench_offers, bench_sellers, bench_staff;
    INSERT INTO app_settings (key, value) VALUES ('bench_cards', '${cards}') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;`);
  await step('vacuum analyze', () => db.exec('VACUUM ANALYZE'));
  const counts = await db.rows<{ t: string; n: string }>(`
    SELECT 'cards' AS t, count(*) AS n FROM gift_cards UNION ALL SELECT 'images', count(*) FROM gift_card_images
    UNION ALL SELECT 'comments', count(*) FROM gift_card_comments UNION ALL SELECT 'sellers', count(*) FROM users WHERE role = 'seller'
    UNION ALL SELECT 'transactions', count(*) FROM transactions UNION ALL SELECT 'allocations', count(*) FROM transaction_allocations`);
  return { seconds: (performance.now() - started) / 1000, steps, rows: Object.fromEntries(counts.map((r) => [r.t, Number(r.n)])) };
}
