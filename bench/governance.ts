/**
 * Governance's reads at the bench's size (issue 54 "Rules and speed"), on its own PostgreSQL database
 * (`<BENCH_DB_PREFIX>_governance`: the bench's generator, 1M cards and 25,000 sellers by default, then
 * bench/governance-seed.ts's audit log, QA samples and holds), through the app's own services in one process:
 * - the audit log's page 1 (as the screen asks it: `cursor=page`), keyset Next from it, a keyset page deep down (the
 *   middle of the log) and filtered pages (by who, by record, by action), against the audit log's page 1 and the card
 *   list's page 1 (`gift-card?page=1`, the anchor of the bench's other list goals; goal: within 2x);
 * - the holds of a held seller and of a held card, and a held seller's due with its hold figures (seller-due);
 * - the reviewer figures for the last 30 days (the admin screen's call).
 * p50 and p95 over GOV_BENCH_ROUNDS rounds (default 300), every figure once a round, alternating. The database is dropped
 * afterwards unless GOV_BENCH_KEEP=1 (then a later run reuses it).
 *   npx tsx bench/governance.ts            # GOV_BENCH_CARDS=10000 GOV_BENCH_ROUNDS=50 for a quick run
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { preparePostgres, pgDatabaseName } from './databases';
import { generate } from './generate';
import { seedGovernance } from './governance-seed';
import { DEFAULT_DATABASE_URL } from './options';
import { postgresSql, quoteIdent } from './sql';
import { openDatabase } from '../src/server/db/client';
import { testConfig } from '../src/server/config';
import { createServices } from '../src/server/services';
import { createImageSigner, loadImageUrlKey } from '../src/server/modules/images/signing';
import { auditLogQuery, cardListQuery } from '../src/shared/list-queries';
import { reviewerFiguresQuery } from '../src/shared/schemas';
import type { AuthUser } from '../src/server/modules/auth/service';

const cards = Number(process.env.GOV_BENCH_CARDS ?? 1_000_000);
const rounds = Number(process.env.GOV_BENCH_ROUNDS ?? 300);
const keep = process.env.GOV_BENCH_KEEP === '1';
const baseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const day = (d: Date) => d.toISOString().slice(0, 10);

const prepared = await preparePostgres(baseUrl, 'governance', cards, true);
if (!prepared.reused) {
  const second = await postgresSql(prepared.url!);
  const g = await generate(prepared.sql, cards, (l) => console.log(l), second);
  await second.close();
  console.log(`generated ${JSON.stringify(g.rows)} in ${g.seconds.toFixed(0)} s`);
}
const t = performance.now();
await prepared.sql.exec(`SET work_mem = '256MB'; SET maintenance_work_mem = '256MB'`);
const seeded = await seedGovernance(prepared.sql, 10);
console.log(`seeded ${JSON.stringify(seeded)} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
await prepared.sql.close();

const database = await openDatabase({ databaseUrl: prepared.url!, dataDir: '.', reportTz: 'UTC' });
try {
  const s = createServices(
    database,
    testConfig({ DATA_DIR: path.resolve('bench/data/server') }),
    createImageSigner(await loadImageUrlKey(database)),
  );
  const [{ n: auditRows, mid, actor, card }] = await database.query<{ n: number; mid: number; actor: number; card: number }>(
    sql.raw(`SELECT count(*)::int AS n, (percentile_disc(0.5) WITHIN GROUP (ORDER BY id))::int AS mid,
                   (SELECT actor_id FROM audit_log WHERE action = 'approve' ORDER BY id DESC LIMIT 1) AS actor,
                   (SELECT entity_id FROM audit_log WHERE entity = 'gift_card' ORDER BY id LIMIT 1 OFFSET 1000) AS card
              FROM audit_log`),
  );
  // Held sellers: half held by staff (active holds), half by their offers' holds on newly approved cards.
  const heldSellers = (
    await database.query<{ id: number }>(
      sql.raw(`(SELECT seller_id AS id FROM payout_holds WHERE seller_id IS NOT NULL AND released_at IS NULL ORDER BY id LIMIT 25)
               UNION ALL
               (SELECT DISTINCT seller_id FROM gift_cards WHERE offer_hold_until > now() AND card_status = 1 ORDER BY 1 LIMIT 25)`),
    )
  ).map((r) => Number(r.id));
  const heldCards = (
    await database.query<{ id: number }>(
      sql.raw(`SELECT gift_card_id AS id FROM payout_holds WHERE gift_card_id IS NOT NULL AND released_at IS NULL ORDER BY id LIMIT 50`),
    )
  ).map((r) => Number(r.id));
  console.log(`${cards} cards; audit log ${auditRows} rows; ${heldSellers.length} held sellers and ${heldCards.length} held cards sampled`);

  // The audit log's page 1 as the screen asks it, and its Next cursor; a cursor in the middle of the log.
  const audit = (q: Record<string, unknown>) => s.audit.list(auditLogQuery.parse(q));
  const first = await audit({ page: '1', cursor: 'page' });
  const next = first.next_cursor!;
  const deep = Buffer.from(JSON.stringify(['-created_at', String(mid), mid, 0])).toString('base64url');
  const today = new Date();
  const period = reviewerFiguresQuery.parse({ from: day(new Date(today.getTime() - 29 * 86_400_000)), to: day(today) });
  const seller = (id: number) => ({ id, role: 'seller' }) as AuthUser;

  const figures: [string, (i: number) => Promise<unknown>][] = [
    ['card list page 1 (gift-card?page=1)', () => s.cards.list(cardListQuery.parse({ page: '1' }))],
    ['audit log page 1 (cursor=page)', () => audit({ page: '1', cursor: 'page' })],
    ['audit log keyset Next from page 1', () => audit({ page: '2', cursor: next })],
    [`audit log keyset page at the middle (row ${Math.floor(auditRows / 2)})`, () => audit({ page: '2', cursor: deep })],
    ['audit log by who (actor_id, page 1)', () => audit({ page: '1', cursor: 'page', actor_id: String(actor) })],
    ['audit log by record (gift_card + id)', () => audit({ page: '1', cursor: 'page', entity: 'gift_card', entity_id: String(card) })],
    ['audit log by action (pay_card, page 1)', () => audit({ page: '1', cursor: 'page', action: 'pay_card' })],
    ['holds of a held seller (payout-holds?seller_id)', (i) => s.holds.list({ seller_id: heldSellers[i % heldSellers.length] })],
    ['holds of a held card (payout-holds?gift_card_id)', (i) => s.holds.list({ gift_card_id: heldCards[i % heldCards.length] })],
    ["a held seller's due with holds (seller-due)", (i) => s.sellers.due(seller(heldSellers[i % heldSellers.length]!))],
    ['reviewer figures, last 30 days', () => s.figures.reviewers(period)],
  ];
  const runs = figures.map(() => [] as number[]);
  for (let i = 0; i < 3; i++) for (const [, f] of figures) await f(i); // warm-up
  for (let i = 0; i < rounds; i++) {
    for (const [k, [, f]] of figures.entries()) {
      const t0 = performance.now();
      await f(i);
      runs[k]!.push(performance.now() - t0);
    }
  }
  const cardPage1 = pct(runs[0]!, 0.5);
  const auditPage1 = pct(runs[1]!, 0.5);
  console.log(`\n${rounds} rounds; ratios are p50 / p50`);
  console.log('| figure | p50 | p95 | / card list page 1 | / audit page 1 |\n|---|---|---|---|---|');
  for (const [k, [name]] of figures.entries()) {
    const p50 = pct(runs[k]!, 0.5);
    console.log(
      `| ${name} | ${ms(p50)} | ${ms(pct(runs[k]!, 0.95))} | ${(p50 / cardPage1).toFixed(2)}x | ${(p50 / auditPage1).toFixed(2)}x |`,
    );
  }
  const report = await s.figures.reviewers(period);
  const decisions = report.reviewers.reduce((a, r) => a + r.decisions, 0);
  console.log(`\nreviewer figures: ${report.reviewers.length} reviewers, ${decisions} decisions in ${period.from}..${period.to}`);
} finally {
  await database.close();
  if (!keep) {
    const admin = await postgresSql(baseUrl);
    await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdent(pgDatabaseName('governance'))} WITH (FORCE)`);
    await admin.close();
    console.log('database dropped');
  }
}
