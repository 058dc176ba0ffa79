/**
 * Set-based SQL that fills an empty, migrated database with a marketplace of `cards` gift cards.
 * Runs with triggers off (session_replication_role = replica); recompute.ts then rebuilds what they keep.
 * Integers only are interpolated. Same SQL on PostgreSQL and PGlite.
 */
export interface GenParams {
  cards: number;
  sellers: number;
  /** Argon2id hash of the known accounts' password, and one shared hash for the bulk sellers. */
  knownHash: string;
  bulkHash: string;
}

const OFFERS = 40;
const SPAN_DAYS = 730; // two years of history, ending now
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export const BENCH_ACCOUNTS = {
  admin: 'bench-admin@bench.example',
  manager: 'bench-manager@bench.example',
  seller: 'bench-seller@bench.example',
  password: 'bench-password-1',
} as const;

export function usersSql(p: GenParams): string {
  return `
INSERT INTO users (name, email, password_hash, role, created_at, updated_at) VALUES
  ('Bench Admin', ${lit(BENCH_ACCOUNTS.admin)}, ${lit(p.knownHash)}, 'admin', now() - interval '${SPAN_DAYS + 1} days', now()),
  ('Bench Manager', ${lit(BENCH_ACCOUNTS.manager)}, ${lit(p.knownHash)}, 'manager', now() - interval '${SPAN_DAYS + 1} days', now()),
  ('Bench Hot Seller', ${lit(BENCH_ACCOUNTS.seller)}, ${lit(p.knownHash)}, 'seller', now() - interval '${SPAN_DAYS + 1} days', now());
INSERT INTO users (name, email, password_hash, role, created_at, updated_at, deleted_at)
SELECT 'Seller ' || g, 'seller' || g || '@bench.example', ${lit(p.bulkHash)}, 'seller', t, t,
       CASE WHEN g % 97 = 0 THEN t + interval '30 days' END
  FROM generate_series(1, ${p.sellers - 1}) g,
       LATERAL (SELECT now() - interval '${SPAN_DAYS} days' + (g::float8 / ${p.sellers}) * interval '${SPAN_DAYS - 30} days' AS t) x
 ORDER BY g;
CREATE TEMP TABLE bench_sellers AS
  SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id FROM users WHERE role = 'seller';`;
}

/** The staff accounts numbered from 0, in each session that needs them (temp tables are per connection). */
export const staffSql = `
CREATE TEMP TABLE IF NOT EXISTS bench_staff AS
  SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id FROM users WHERE role <> 'seller';`;

export function offersSql(): string {
  return `
INSERT INTO gift_card_offers (title, is_active, price_type, min_price, max_price, fixed_price, rate_type, rate, created_at, updated_at)
SELECT (ARRAY['Amazon','Apple','Google Play','Steam','Netflix','Spotify','Walmart','Target','Sephora','Starbucks'])[1 + (g - 1) % 10]
       || ' ' || (ARRAY['US','UK','EU','CA'])[1 + (g - 1) / 10],
       CASE WHEN g % 13 = 0 THEN 0 ELSE 1 END,
       g % 2,
       CASE WHEN g % 2 = 0 THEN 10 END,
       CASE WHEN g % 2 = 0 THEN 500 END,
       CASE WHEN g % 2 = 1 THEN ARRAY[25, 50, 100, 200]::numeric(12,2)[] END,
       CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END,
       CASE WHEN g % 3 = 0 THEN 2 + g % 5 ELSE 5 + (g % 7) * 2.5 END,
       now() - interval '${SPAN_DAYS + 1} days', now() - interval '${SPAN_DAYS + 1} days'
  FROM generate_series(1, ${OFFERS}) g ORDER BY g;
CREATE TEMP TABLE bench_offers AS
  SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, * FROM gift_card_offers;`;
}

/**
 * Cards 1..n, oldest first (ids follow time; the table is empty, ids are given and the sequence set after). 1 in 100 belongs to the hot seller, the rest skewed toward a few big sellers.
 * Status: 15% pending (and the newest 0.5%), 70% approved, 15% rejected; dates follow the status.
 * Approved: half fully paid (by seller payouts), 15% partly paid (by card payments), the rest unpaid.
 */
export function cardsSql(p: GenParams): string {
  const n = p.cards;
  return `
INSERT INTO gift_cards (id, giftcard_offer_id, seller_id, card_number, price, rate, description, card_status, paid_amount,
                        approval_date, rejection_date, created_at, updated_at)
SELECT x.g, o.id, s.id,
       CASE WHEN st.status = 0 AND x.r_delay < 0.3 THEN NULL ELSE to_char(4000000000000000 + x.g * 7919::bigint, 'FM0000000000000000') END,
       pr.price, pr.rate,
       CASE WHEN x.r_price < 0.4 THEN (ARRAY['Unused, bought at the store','Gift I will not use','Balance checked today','Physical card, photos of both sides'])[1 + (x.g % 4)] END,
       st.status,
       CASE WHEN st.status <> 1 OR x.r_paid >= 0.65 THEN 0
            WHEN x.r_paid < 0.5 THEN pr.price - pr.rate
            ELSE least(pr.price - pr.rate - 0.01, greatest(0.01, round((pr.price - pr.rate) * (0.1 + (x.r_paid - 0.5) * 5), 2))) END,
       CASE WHEN st.status = 1 THEN least(x.created_at + x.r_delay * interval '3 days', now()) END,
       CASE WHEN st.status = 2 THEN least(x.created_at + x.r_delay * interval '2 days', now()) END,
       x.created_at, x.created_at
  FROM (SELECT g,
               CASE WHEN g % 100 = 0 THEN 0 ELSE 1 + floor(power(random(), 2) * (${p.sellers} - 1))::int END AS seller_k,
               floor(random() * ${OFFERS})::int AS offer_k,
               random()::numeric AS r_price, random() AS r_status, random() AS r_delay, random()::numeric AS r_paid,
               now() - interval '${SPAN_DAYS} days' + (g::float8 / ${n}) * interval '${SPAN_DAYS} days' - interval '1 hour' AS created_at
          FROM generate_series(1, ${n}) g) x
  JOIN bench_offers o ON o.k = x.offer_k
  JOIN bench_sellers s ON s.k = LEAST(x.seller_k, (SELECT max(k) FROM bench_sellers))
  CROSS JOIN LATERAL (SELECT CASE WHEN o.price_type = 0 THEN o.min_price + floor(x.r_price * (o.max_price - o.min_price + 1))
                                  ELSE o.fixed_price[1 + floor(x.r_price * array_length(o.fixed_price, 1))::int] END AS price) p0
  CROSS JOIN LATERAL (SELECT p0.price, CASE WHEN o.rate_type = 1 THEN o.rate ELSE round(p0.price * o.rate / 100, 2) END AS rate) pr
  CROSS JOIN LATERAL (SELECT (CASE WHEN x.r_status < 0.15 OR x.g > ${n - Math.floor(n / 200)} THEN 0
                                   WHEN x.r_status < 0.85 THEN 1 ELSE 2 END)::smallint AS status) st;
SELECT setval(pg_get_serial_sequence('gift_cards', 'id'), ${n});`;
}

/** One or two images per card (names only: the bench serves no files); a card's images keep their order. */
export function imagesSql(): string {
  return `
INSERT INTO gift_card_images (gift_card_id, image, created_at)
SELECT id, 'bench-' || id || '-1.jpg', created_at FROM gift_cards;
INSERT INTO gift_card_images (gift_card_id, image, created_at)
SELECT id, 'bench-' || id || '-2.jpg', created_at FROM gift_cards WHERE id % 2 = 1;`;
}

/** 30% of cards have a seller's comment, 10% also a staff reply after it (some with an image). */
export function commentsSql(): string {
  return `
INSERT INTO gift_card_comments (gift_card_id, user_id, comment, image, created_at)
SELECT id, seller_id, 'Please check the photo of the back.', NULL, created_at + interval '20 minutes'
  FROM gift_cards WHERE id % 10 < 3;
INSERT INTO gift_card_comments (gift_card_id, user_id, comment, image, created_at)
SELECT c.id, s.id, 'Checked the balance, thanks.', CASE WHEN c.id % 7 = 0 THEN 'bench-comment-' || c.id || '.jpg' END,
       c.created_at + interval '40 minutes'
  FROM gift_cards c JOIN bench_staff s ON s.k = c.id % 2 WHERE c.id % 10 = 0;`;
}

/**
 * Payouts: fully paid cards are paid by seller payouts of up to 4 cards each (oldest approved first),
 * partly paid cards by one card payment each. Allocations sum to each transaction; cards' paid = their allocations.
 */
export function paymentsSql(): string {
  return `
CREATE TEMP TABLE bench_alloc AS
SELECT id AS card_id, seller_id, paid_amount AS amount, approval_date,
       -- The payout number padded: a code's key drops the dashes, and BP-9-11 and BP-91-1 would share one.
       CASE WHEN full_paid THEN 'BP-' || seller_id || '-' || lpad(((row_number() OVER (PARTITION BY seller_id, full_paid ORDER BY approval_date, id) - 1) / 4)::text, 6, '0')
            ELSE 'BC-' || id END AS code
  FROM (SELECT *, paid_amount = price - rate AS full_paid FROM gift_cards WHERE card_status = 1 AND paid_amount > 0) c;
INSERT INTO transactions (code, seller_id, transaction_amount, is_redeem, gift_card_id, created_by, created_at, updated_at)
SELECT code, seller_id, sum(amount), CASE WHEN random() < 0.3 THEN 1 ELSE 0 END,
       CASE WHEN code LIKE 'BC-%' THEN min(card_id) END,
       (SELECT id FROM bench_staff WHERE k = length(code) % 2),
       least(max(approval_date) + interval '2 hours', now()), least(max(approval_date) + interval '2 hours', now())
  FROM bench_alloc GROUP BY code, seller_id
 ORDER BY max(approval_date), code;
INSERT INTO transaction_allocations (transaction_id, gift_card_id, amount)
SELECT t.id, a.card_id, a.amount FROM bench_alloc a JOIN transactions t ON t.code = a.code ORDER BY t.id, a.card_id;`;
}
