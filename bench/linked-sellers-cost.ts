/**
 * Linked sellers (issue 54): what linking adds to writing a card and a photo, at 1M cards, 25,000 sellers and 1M photos
 * on PostgreSQL. Builds its own database `gcbo_links_cost` (dropped and made again; the rows are written with triggers
 * off, as a generator's), then inserts cards one statement at a time with `gift_cards_link` on and off (rounds
 * alternating), and photos' hashes with `gift_card_images_link` on and off; p50 and p90 of each, in ms. "new link": the
 * card's number is another seller's (a link row and an event are written).
 *   npx tsx bench/linked-sellers-cost.ts [cards=1000000] [writes=2000]
 */
import fs from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { DEFAULT_DATABASE_URL } from './options';
import { postgresSql, withDatabase } from './sql';

const CARDS = Number(process.argv[2] ?? 1_000_000);
const WRITES = Number(process.argv[3] ?? 2000);
const SELLERS = 25_000;
const base = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const url = withDatabase(base, 'gcbo_links_cost');

const admin = await postgresSql(base);
await admin.exec('DROP DATABASE IF EXISTS gcbo_links_cost WITH (FORCE)');
await admin.exec('CREATE DATABASE gcbo_links_cost');
await admin.close();
await (await openDatabase({ databaseUrl: url, dataDir: '.', reportTz: 'UTC', poolSize: 1 })).close();
const db = await postgresSql(url);
let t = performance.now();
await db.exec(`
  SET session_replication_role = replica;
  INSERT INTO gift_card_offers (title, is_active, price_type, min_price, max_price, rate_type, rate) VALUES ('Cost', 1, 0, 1, 1000, 1, 0);
  INSERT INTO users (name, email, password_hash, role) SELECT 'Seller ' || g, 's' || g || '@cost.example', 'x', 'seller' FROM generate_series(1, ${SELLERS}) g;
  INSERT INTO gift_cards (giftcard_offer_id, seller_id, card_number, number_key, price, rate)
  SELECT (SELECT min(id) FROM gift_card_offers), 1 + (g % ${SELLERS}), 'K' || g, 'K' || g, 10, 0 FROM generate_series(1, ${CARDS}) g;
  INSERT INTO gift_card_images (gift_card_id, image, sha256, dhash)
  SELECT id, 'p' || id, md5(id::text), (id * 2654435761)::bigint FROM gift_cards;
  SET session_replication_role = origin;
  ANALYZE;`);
console.log(`filled ${CARDS} cards and photos, ${SELLERS} sellers in ${((performance.now() - t) / 1000).toFixed(0)} s`);

const offer = (await db.rows<{ id: number }>('SELECT min(id) AS id FROM gift_card_offers'))[0].id;
const insertCard =
  'INSERT INTO gift_cards (giftcard_offer_id, seller_id, card_number, number_key, price, rate) VALUES ($1, $2, $3, $3, 10, 0) RETURNING id';
let seq = 0;
async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)].toFixed(3);

/** `WRITES` writes in rounds of 200, the trigger on and off by turns; p50 / p90 of each. */
async function compare(label: string, trigger: string, table: string, write: () => Promise<unknown>) {
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < (2 * WRITES) / 200; round++) {
    const enabled = round % 2 === 0;
    await db.exec(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
    for (let i = 0; i < 200; i++) (enabled ? on : off).push(await time(write));
  }
  await db.exec(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  console.log(`${label}: on p50 ${pct(on, 0.5)} ms p90 ${pct(on, 0.9)} ms; off p50 ${pct(off, 0.5)} ms p90 ${pct(off, 0.9)} ms`);
}

// Warm-up: the plans and the indexes' upper pages.
for (let i = 0; i < 200; i++) await db.rows(insertCard, [offer, 1 + (i % SELLERS), `W${++seq}`]);
await compare('card insert, a number nobody has', 'gift_cards_link', 'gift_cards', () =>
  db.rows(insertCard, [offer, 1 + (seq % SELLERS), `N${++seq}`]),
);
// Another seller's number (card K<g> belongs to seller 1 + g % SELLERS; this one to the next seller): a new link.
await compare("card insert, another seller's number (a new link and its event)", 'gift_cards_link', 'gift_cards', () => {
  const g = 1 + Math.floor(Math.random() * CARDS);
  return db.rows(insertCard, [offer, 1 + ((g + 1) % SELLERS), `K${g}`]);
});
const photoCard = (await db.rows<{ id: number }>(insertCard, [offer, 7, 'PHOTO-CARD']))[0].id;
await compare("a photo's hashes written, a picture nobody has", 'gift_card_images_link', 'gift_card_images', () =>
  db.rows('INSERT INTO gift_card_images (gift_card_id, image, sha256, dhash) VALUES ($1, $2, md5($2), $3)', [
    photoCard,
    `new-${++seq}`,
    String((BigInt(seq) * 7046029254386353131n) % 9223372036854775807n),
  ]),
);
// The migration's backfill at this size (one statement per signal), timed.
const file = fs.readFileSync(new URL('../src/server/db/migrations/0041_seller_links.sql', import.meta.url), 'utf8');
const backfill = file.slice(file.indexOf('-- The links of the data already here'), file.indexOf('ANALYZE seller_links'));
await db.exec('BEGIN; DELETE FROM seller_links');
for (const statement of backfill.split(/;\s*\n/).filter((x) => /\bINSERT\b/.test(x)))
  console.log(`backfill ${/'(\w+)'/.exec(statement)?.[1]}: ${(await time(() => db.exec(statement))).toFixed(0)} ms`);
await db.exec('ROLLBACK');
t = performance.now();
const links = await db.rows<{ n: number }>('SELECT count(*)::int AS n FROM seller_links');
console.log(`seller_links: ${links[0].n} rows (${(performance.now() - t).toFixed(0)} ms to count)`);
await db.close();
