import type { BenchSql } from './sql';

/**
 * What the bench's generator leaves out and governance reads (issue 54), added in bulk to a generated database, each an
 * `INSERT ... SELECT` with bound values only:
 * - `reviewers` more staff (managers) who decided cards, beside the generator's admin and manager;
 * - the audit log: one decision entry per decided card (approve or reject, by one of the staff, at the card's approval
 *   or rejection time, with `opened_at` a few minutes before on 80% of them, as a claim's holder leaves it) and one
 *   payment entry per payout or card payment, written in time order (ids follow time, as in the real log);
 * - QA samples of 5% of the approvals and 10% of the rejections (the policy's defaults), most of them looked at again;
 * - payout holds: one seller in 50 held by staff and one approved card with a due in 500 (a quarter of them released,
 *   a fifth until released, the others 1-30 days), and the offer hold (7 days) on the cards approved in the last week.
 * Returns what it added. Each part marked in app_settings, so a reused database is seeded once.
 */
export async function seedGovernance(db: BenchSql, reviewers: number): Promise<Record<string, number>> {
  return {
    ...(await once(db, 'bench_governance', () => seedAudit(db, reviewers))),
    ...(await once(db, 'bench_governance_holds', () => seedHolds(db))),
  };
}

async function once(db: BenchSql, key: string, seed: () => Promise<Record<string, number>>): Promise<Record<string, number>> {
  const [seeded] = await db.rows<{ value: string }>(`SELECT value FROM app_settings WHERE key = $1`, [key]);
  if (seeded) return JSON.parse(seeded.value) as Record<string, number>;
  const out = await seed();
  await db.rows(`INSERT INTO app_settings (key, value) VALUES ($1, $2)`, [key, JSON.stringify(out)]);
  return out;
}

async function seedAudit(db: BenchSql, reviewers: number): Promise<Record<string, number>> {
  const count = counter(db);
  const out: Record<string, number> = {};
  out.reviewers = await count(
    `INSERT INTO users (name, email, password_hash, role, created_at, updated_at)
     SELECT 'Bench Reviewer ' || g, 'bench-reviewer' || g || '@bench.example', u.password_hash, 'manager', u.created_at, now()
       FROM generate_series(1, $1::int) g, (SELECT password_hash, created_at FROM users WHERE role = 'admin' ORDER BY id LIMIT 1) u`,
    [reviewers],
  );
  out.audit = await count(
    `INSERT INTO audit_log (actor_id, action, entity, entity_id, details, created_at)
     SELECT actor, action, entity, entity_id, details, at FROM (
       SELECT s.ids[1 + (g.id * 7) % cardinality(s.ids)] AS actor, CASE g.card_status WHEN 1 THEN 'approve' ELSE 'reject' END AS action,
              'gift_card' AS entity, g.id AS entity_id, d.at,
              jsonb_build_object('from', 0, 'to', g.card_status, 'via', 'review')
              || CASE WHEN g.card_status = 2 THEN jsonb_build_object('reason', $1::text, 'note', NULL) ELSE '{}'::jsonb END
              || CASE WHEN g.id % 5 <> 0 THEN jsonb_build_object('opened_at', to_char((d.at - (20 + g.id % 600) * interval '1 second')
                   AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) ELSE '{}'::jsonb END AS details
         FROM gift_cards g CROSS JOIN ${STAFF}
              CROSS JOIN LATERAL (SELECT coalesce(g.approval_date, g.rejection_date) AS at) d
        WHERE g.card_status IN (1, 2) AND d.at IS NOT NULL
       UNION ALL
       SELECT t.created_by, CASE WHEN t.gift_card_id IS NULL THEN 'payout' ELSE 'pay_card' END, 'transaction', t.id, t.created_at,
              jsonb_build_object('code', t.code, 'seller_id', t.seller_id, 'gidcard_id', t.gift_card_id,
                                 'transaction_amount', t.transaction_amount)
         FROM transactions t) x
      ORDER BY at, entity, entity_id`,
    ['other'],
  );
  out.qa = await count(
    `INSERT INTO qa_reviews (gift_card_id, decision, reject_reason, decided_by, decided_at, status, qa_by, qa_decision, qa_at)
     SELECT a.entity_id, a.action, a.details->>'reason', a.actor_id, a.created_at, q.status,
            CASE WHEN q.status <> 'open' THEN s.ids[1 + (a.id * 3) % cardinality(s.ids)] END,
            CASE q.status WHEN 'agreed' THEN a.action WHEN 'disagreed' THEN CASE a.action WHEN 'approve' THEN 'reject' ELSE 'approve' END END,
            CASE WHEN q.status <> 'open' THEN a.created_at + interval '1 hour' END
       FROM audit_log a CROSS JOIN ${STAFF}
            CROSS JOIN LATERAL (SELECT CASE WHEN a.id % 20 = 0 THEN 'open' WHEN a.id % 20 = 1 THEN 'disagreed' ELSE 'agreed' END AS status) q
      WHERE a.entity = 'gift_card' AND a.action IN ('approve', 'reject')
        AND a.entity_id % 100 < CASE a.action WHEN 'approve' THEN 5 ELSE 10 END`,
  );
  for (const t of ['users', 'audit_log', 'qa_reviews']) await db.exec(`VACUUM ANALYZE ${t}`);
  return out;
}

const STAFF = `(SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE role <> 'seller' AND deleted_at IS NULL) s`;
const counter =
  (db: BenchSql) =>
  async (text: string, params: unknown[] = []): Promise<number> =>
    Number((await db.rows<{ n: string }>(`WITH x AS (${text} RETURNING 1) SELECT count(*) AS n FROM x`, params))[0]!.n);

/**
 * The holds: of the sellers (ids) and approved cards with a due taken one in `step`, numbered n = 0, 1, ... in id
 * order, hold n is released when n % 4 = 3, lasts until released when n % 5 = 0, else 1-30 days from now.
 */
async function seedHolds(db: BenchSql): Promise<Record<string, number>> {
  const count = counter(db);
  const columns = `reason, until, placed_by, placed_at, released_by, released_at`;
  const values = `$1::text, CASE WHEN n % 5 = 0 THEN NULL ELSE now() + (1 + n % 30) * interval '1 day' END,
            s.ids[1 + n % cardinality(s.ids)], now() - interval '2 days',
            CASE WHEN n % 4 = 3 THEN s.ids[1 + (n + 1) % cardinality(s.ids)] END, CASE WHEN n % 4 = 3 THEN now() - interval '1 day' END`;
  const out: Record<string, number> = {};
  out.sellerHolds = await count(
    `INSERT INTO payout_holds (seller_id, ${columns})
     SELECT id, ${values} FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM users
                                 WHERE role = 'seller' AND deleted_at IS NULL) u CROSS JOIN ${STAFF}
      WHERE u.n % $2::int = 0`,
    ['Bench: payout details being checked', 50],
  );
  out.cardHolds = await count(
    `INSERT INTO payout_holds (gift_card_id, ${columns})
     SELECT id, ${values} FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM gift_cards
                                 WHERE card_status = 1 AND paid_amount < price - rate) g CROSS JOIN ${STAFF}
      WHERE g.n % $2::int = 0`,
    ['Bench: card under dispute', 500],
  );
  // The offer's hold is stored when a card is approved (trigger gift_cards_offer_hold); here set afterwards, triggers off.
  await db.exec(`BEGIN; SET LOCAL session_replication_role = replica;`);
  out.offerHolds = await count(
    `UPDATE gift_cards SET offer_hold_until = approval_date + $1::int * interval '1 day'
      WHERE card_status = 1 AND approval_date > now() - $1::int * interval '1 day'`,
    [7],
  );
  await db.exec(`COMMIT`);
  for (const t of ['payout_holds', 'gift_cards']) await db.exec(`VACUUM ANALYZE ${t}`);
  return out;
}
