import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * Checks the money ledger against its rules and throws one error listing every violation:
 * - every card: 0 <= paid_amount <= price - rate, and paid_amount = the sum of its allocations;
 * - every user: seller_due = the due computed over their cards (approved: payable - paid; disputed: - paid), never
 *   below minus what their disputed cards were paid, and = the sum of their journal (ledger_entries);
 * - every payout: the sum of its allocations = its amount; allocations only to the transaction's
 *   seller's cards (and only to its card when it pays one card), approved or disputed; codes unique;
 * - clawbacks: entries without allocations, negative (clawback) or positive (reversal), on their card's seller;
 *   a disputed card's entries add up to minus its paid amount, any other card's to zero;
 * - the counters: transactions total, each user's transaction_count and card_count, each seller's cards per status.
 */
export async function checkLedgerInvariants(database: Database): Promise<void> {
  const problems: string[] = [];
  const check = async (label: string, q: ReturnType<typeof sql>) => {
    const rows = await database.query(q);
    if (rows.length) problems.push(`${label}: ${JSON.stringify(rows.slice(0, 5))}${rows.length > 5 ? ` (+${rows.length - 5} more)` : ''}`);
  };
  await check(
    'card paid out of bounds',
    sql`SELECT id, price::text, rate::text, paid_amount::text FROM gift_cards WHERE paid_amount < 0 OR paid_amount > price - rate`,
  );
  await check(
    'card paid <> sum of allocations',
    sql`
    SELECT c.id, c.paid_amount::text AS paid, coalesce(sum(a.amount), 0)::text AS allocated
      FROM gift_cards c LEFT JOIN transaction_allocations a ON a.gift_card_id = c.id
     GROUP BY c.id HAVING c.paid_amount <> coalesce(sum(a.amount), 0)`,
  );
  await check(
    'seller_due wrong or below the disputed debit',
    sql`
    SELECT u.id, u.seller_due::text AS stored, coalesce(d.due, 0)::text AS computed, coalesce(d.debit, 0)::text AS debit FROM users u
      LEFT JOIN (SELECT seller_id, sum(card_due(card_status, price, rate, paid_amount)) AS due,
                        sum(CASE WHEN card_status = 3 THEN paid_amount ELSE 0 END) AS debit
                   FROM gift_cards GROUP BY seller_id) d ON d.seller_id = u.id
     WHERE u.seller_due <> coalesce(d.due, 0) OR u.seller_due < -coalesce(d.debit, 0)`,
  );
  await check(
    'seller_due <> sum of the journal',
    sql`
    SELECT u.id, u.seller_due::text AS stored, coalesce(j.due, 0)::text AS journal FROM users u
      LEFT JOIN (SELECT seller_id, sum(amount) AS due FROM ledger_entries GROUP BY seller_id) j ON j.seller_id = u.id
     WHERE u.seller_due <> coalesce(j.due, 0)`,
  );
  await check(
    'card due computed in SQL differs from the rule',
    sql`
    SELECT id, card_status, card_due(card_status, price, rate, paid_amount)::text AS due FROM gift_cards
     WHERE card_due(card_status, price, rate, paid_amount) <> CASE card_status WHEN 1 THEN price - rate - paid_amount WHEN 3 THEN -paid_amount ELSE 0 END`,
  );
  await check(
    'payout amount <> sum of allocations',
    sql`
    SELECT t.id, t.code, t.transaction_amount::text AS amount, coalesce(sum(a.amount), 0)::text AS allocated
      FROM transactions t LEFT JOIN transaction_allocations a ON a.transaction_id = t.id
     WHERE t.kind = 0
     GROUP BY t.id HAVING t.transaction_amount <> coalesce(sum(a.amount), 0)`,
  );
  await check(
    'clawback entry malformed',
    sql`
    SELECT t.id, t.kind, t.transaction_amount::text AS amount, t.gift_card_id, c.seller_id AS card_seller, t.seller_id
      FROM transactions t LEFT JOIN gift_cards c ON c.id = t.gift_card_id
     WHERE t.kind <> 0 AND (c.id IS NULL OR c.seller_id <> t.seller_id OR (t.kind = 1) <> (t.transaction_amount < 0)
                            OR EXISTS (SELECT 1 FROM transaction_allocations a WHERE a.transaction_id = t.id))`,
  );
  await check(
    'clawbacks of a card <> minus its paid amount while disputed (0 otherwise)',
    sql`
    SELECT c.id, c.card_status, c.paid_amount::text AS paid, coalesce(sum(t.transaction_amount), 0)::text AS clawed
      FROM gift_cards c LEFT JOIN transactions t ON t.gift_card_id = c.id AND t.kind <> 0
     GROUP BY c.id
    HAVING coalesce(sum(t.transaction_amount), 0) <> CASE WHEN c.card_status = 3 THEN -c.paid_amount ELSE 0 END`,
  );
  await check(
    'allocation to another seller or card',
    sql`
    SELECT a.id, t.id AS transaction_id, t.seller_id, t.gift_card_id, c.id AS card_id, c.seller_id AS card_seller
      FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id JOIN gift_cards c ON c.id = a.gift_card_id
     WHERE c.seller_id <> t.seller_id OR (t.gift_card_id IS NOT NULL AND t.gift_card_id <> c.id)`,
  );
  await check(
    'allocation to a card that is neither approved nor disputed',
    sql`
    SELECT a.id, c.id AS card_id, c.card_status FROM transaction_allocations a JOIN gift_cards c ON c.id = a.gift_card_id
     WHERE c.card_status NOT IN (1, 3)`,
  );
  await check('duplicate codes', sql`SELECT code, count(*)::int AS n FROM transactions GROUP BY code HAVING count(*) > 1`);
  await check(
    'transactions counter',
    sql`
    SELECT (SELECT count(*) FROM transactions)::int AS actual, coalesce((SELECT sum(value) FROM counters WHERE name = 'transactions'), 0)::int AS counter
     WHERE (SELECT count(*) FROM transactions) <> coalesce((SELECT sum(value) FROM counters WHERE name = 'transactions'), 0)`,
  );
  await check(
    'users.transaction_count / card_count',
    sql`
    SELECT u.id, u.transaction_count, u.card_count,
           (SELECT count(*) FROM transactions t WHERE t.seller_id = u.id)::int AS transactions,
           (SELECT count(*) FROM gift_cards c WHERE c.seller_id = u.id)::int AS cards
      FROM users u
     WHERE u.transaction_count <> (SELECT count(*) FROM transactions t WHERE t.seller_id = u.id)
        OR u.card_count <> (SELECT count(*) FROM gift_cards c WHERE c.seller_id = u.id)`,
  );
  await check(
    "seller_card_counts (each seller's cards per status)",
    sql`
    SELECT coalesce(k.seller_id, c.seller_id) AS seller_id, coalesce(k.status, c.card_status) AS status, k.n AS kept, c.n AS counted
      FROM seller_card_counts k
      FULL JOIN (SELECT seller_id, card_status, count(*)::int AS n FROM gift_cards GROUP BY seller_id, card_status) c
        ON c.seller_id = k.seller_id AND c.card_status = k.status
     WHERE coalesce(k.n, 0) <> coalesce(c.n, 0)`,
  );
  if (problems.length) throw new Error(`Ledger invariants broken:\n  ${problems.join('\n  ')}`);
}

/** The report_daily rollup equals a GROUP BY count over gift_cards (days in app_settings.report_tz; seller 0 = all). */
export async function checkReportRollup(database: Database): Promise<void> {
  const rows = await database.query(sql`
    WITH tz AS (SELECT value AS tz FROM app_settings WHERE key = 'report_tz'),
    events AS (
      SELECT seller_id, (approval_date AT TIME ZONE (SELECT tz FROM tz))::date AS day, 1 AS a, 0 AS r FROM gift_cards WHERE card_status = 1 AND approval_date IS NOT NULL
      UNION ALL
      SELECT seller_id, (rejection_date AT TIME ZONE (SELECT tz FROM tz))::date, 0, 1 FROM gift_cards WHERE card_status = 2 AND rejection_date IS NOT NULL
    ),
    expected AS (
      SELECT seller_id, day, sum(a)::int AS approved, sum(r)::int AS rejected FROM events GROUP BY seller_id, day
      UNION ALL
      SELECT 0, day, sum(a)::int, sum(r)::int FROM events GROUP BY day
    ),
    actual AS (SELECT seller_id, day, approved, rejected FROM report_daily WHERE approved <> 0 OR rejected <> 0),
    disputes AS (
      SELECT seller_id, (dispute_date AT TIME ZONE (SELECT tz FROM tz))::date AS day FROM gift_cards WHERE card_status = 3
    ),
    expected_disputed AS (
      SELECT seller_id, day, count(*)::int AS n FROM disputes GROUP BY seller_id, day
      UNION ALL SELECT 0, day, count(*)::int FROM disputes GROUP BY day
    ),
    actual_disputed AS (SELECT seller_id, day, disputed AS n FROM report_daily WHERE disputed <> 0)
    SELECT coalesce(e.seller_id, x.seller_id) AS seller_id, coalesce(e.day, x.day)::text AS day,
           e.approved AS expected_approved, x.approved AS actual_approved, e.rejected AS expected_rejected, x.rejected AS actual_rejected
      FROM expected e FULL JOIN actual x ON x.seller_id = e.seller_id AND x.day = e.day
     WHERE e.seller_id IS NULL OR x.seller_id IS NULL OR e.approved <> x.approved OR e.rejected <> x.rejected
    UNION ALL
    SELECT coalesce(e.seller_id, x.seller_id), coalesce(e.day, x.day)::text, e.n, x.n, NULL, NULL
      FROM expected_disputed e FULL JOIN actual_disputed x ON x.seller_id = e.seller_id AND x.day = e.day
     WHERE e.seller_id IS NULL OR x.seller_id IS NULL OR e.n <> x.n`);
  if (rows.length) throw new Error(`report_daily differs from gift_cards:\n  ${JSON.stringify(rows.slice(0, 10))}`);
}
