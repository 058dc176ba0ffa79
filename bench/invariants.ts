import type { BenchSql } from './sql';

/** Ledger and derived-data invariants; each query counts the rows that break one. All must be 0. */
export const INVARIANTS: { name: string; sql: string }[] = [
  { name: 'card paid outside 0..price-rate', sql: `SELECT count(*) FROM gift_cards WHERE paid_amount < 0 OR paid_amount > price - rate` },
  {
    name: 'card paid <> sum of its allocations',
    sql: `SELECT count(*) FROM gift_cards c LEFT JOIN (SELECT gift_card_id, sum(amount) AS s FROM transaction_allocations GROUP BY gift_card_id) a
           ON a.gift_card_id = c.id WHERE c.paid_amount <> coalesce(a.s, 0)`,
  },
  {
    name: 'transaction amount <> sum of allocations',
    sql: `SELECT count(*) FROM transactions t LEFT JOIN (SELECT transaction_id, sum(amount) AS s FROM transaction_allocations GROUP BY transaction_id) a
           ON a.transaction_id = t.id WHERE t.transaction_amount <> coalesce(a.s, 0)`,
  },
  {
    name: 'allocation to another seller or unapproved card',
    sql: `SELECT count(*) FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id JOIN gift_cards c ON c.id = a.gift_card_id
           WHERE c.seller_id <> t.seller_id OR c.card_status <> 1`,
  },
  { name: 'duplicate transaction codes', sql: `SELECT count(*) FROM (SELECT code FROM transactions GROUP BY code HAVING count(*) > 1) d` },
  {
    name: 'seller_due / card_count / transaction_count <> computed',
    sql: `SELECT count(*) FROM users u
           LEFT JOIN (SELECT seller_id, count(*) AS n, sum(card_due(card_status, price, rate, paid_amount)) AS due FROM gift_cards GROUP BY seller_id) c ON c.seller_id = u.id
           LEFT JOIN (SELECT seller_id, count(*) AS n FROM transactions GROUP BY seller_id) t ON t.seller_id = u.id
           WHERE u.seller_due <> coalesce(c.due, 0) OR u.card_count <> coalesce(c.n, 0) OR u.transaction_count <> coalesce(t.n, 0)`,
  },
  {
    name: 'row counters <> counts',
    sql: `SELECT count(*) FROM (VALUES ('gift_cards', (SELECT count(*) FROM gift_cards)), ('transactions', (SELECT count(*) FROM transactions)),
            ('users', (SELECT count(*) FROM users WHERE deleted_at IS NULL)), ('sellers', (SELECT count(*) FROM users WHERE deleted_at IS NULL AND role = 'seller')),
            ('offers', (SELECT count(*) FROM gift_card_offers))) v(name, n)
           LEFT JOIN (SELECT name, sum(value) AS value FROM counters GROUP BY name) c ON c.name = v.name WHERE coalesce(c.value, 0) <> v.n`,
  },
  {
    name: 'status dates do not match status',
    sql: `SELECT count(*) FROM gift_cards WHERE (card_status = 0 AND (approval_date IS NOT NULL OR rejection_date IS NOT NULL))
           OR (card_status = 1 AND (approval_date IS NULL OR rejection_date IS NOT NULL)) OR (card_status = 2 AND (rejection_date IS NULL OR approval_date IS NOT NULL))`,
  },
  {
    name: 'report_daily <> cards by day',
    sql: `WITH tz AS (SELECT value FROM app_settings WHERE key = 'report_tz'),
          x AS (SELECT (approval_date AT TIME ZONE (SELECT value FROM tz))::date AS day, seller_id, 1 AS a, 0 AS r FROM gift_cards WHERE card_status = 1
                UNION ALL SELECT (rejection_date AT TIME ZONE (SELECT value FROM tz))::date, seller_id, 0, 1 FROM gift_cards WHERE card_status = 2),
          want AS (SELECT day, coalesce(seller_id, 0) AS seller_id, sum(a)::int AS approved, sum(r)::int AS rejected FROM x GROUP BY GROUPING SETS ((day, seller_id), (day))),
          have AS (SELECT day, seller_id, approved, rejected FROM report_daily WHERE approved <> 0 OR rejected <> 0)
          SELECT count(*) FROM ((SELECT * FROM want EXCEPT SELECT * FROM have) UNION ALL (SELECT * FROM have EXCEPT SELECT * FROM want)) d`,
  },
];

export interface InvariantResult {
  name: string;
  broken: number;
}

export async function checkInvariants(db: BenchSql): Promise<InvariantResult[]> {
  const out: InvariantResult[] = [];
  for (const inv of INVARIANTS) {
    const r = await db.rows<{ count: string }>(inv.sql);
    out.push({ name: inv.name, broken: Number(r[0]?.count ?? -1) });
  }
  return out;
}
