/**
 * Rebuild, set-based, everything the triggers of migration 0001 (functions/ now) keep while the bulk load ran with them off:
 * users.seller_due / card_count / transaction_count, the row counters (also per card status, 0013), the id blocks of
 * deep pages (0014), each seller's cards per status (0017) and the report_daily rollup.
 */
export const userTotalsSql = `
UPDATE users u
   SET card_count = coalesce(c.n, 0), seller_due = coalesce(c.due, 0), transaction_count = coalesce(t.n, 0)
  FROM users u2
  LEFT JOIN (SELECT seller_id, count(*) AS n, sum(card_due(card_status, price, rate, paid_amount)) AS due
               FROM gift_cards GROUP BY seller_id) c ON c.seller_id = u2.id
  LEFT JOIN (SELECT seller_id, count(*) AS n FROM transactions GROUP BY seller_id) t ON t.seller_id = u2.id
 WHERE u.id = u2.id;`;

export const countersSql = `
DELETE FROM counters WHERE name IN ('gift_cards', 'transactions', 'users', 'sellers', 'offers');
INSERT INTO counters (name, value)
          SELECT 'gift_cards', count(*) FROM gift_cards
UNION ALL SELECT 'transactions', count(*) FROM transactions
UNION ALL SELECT 'users', count(*) FROM users WHERE deleted_at IS NULL
UNION ALL SELECT 'sellers', count(*) FROM users WHERE deleted_at IS NULL AND role = 'seller'
UNION ALL SELECT 'offers', count(*) FROM gift_card_offers;
DELETE FROM counters WHERE name LIKE 'gift_cards_status_%';
INSERT INTO counters (name, value)
SELECT 'gift_cards_status_' || s, (SELECT count(*) FROM gift_cards WHERE card_status = s) FROM generate_series(0, 3) s;
DELETE FROM seller_card_counts;
INSERT INTO seller_card_counts (seller_id, status, n)
SELECT seller_id, card_status, count(*) FROM gift_cards GROUP BY seller_id, card_status;`;

export const reportDailySql = `
DELETE FROM report_daily;
INSERT INTO report_daily (day, seller_id, approved, rejected)
SELECT day, coalesce(seller_id, 0), sum(a), sum(r)
  FROM (SELECT (approval_date AT TIME ZONE tz.value)::date AS day, seller_id, 1 AS a, 0 AS r
          FROM gift_cards, (SELECT value FROM app_settings WHERE key = 'report_tz') tz WHERE card_status = 1 AND approval_date IS NOT NULL
        UNION ALL
        SELECT (rejection_date AT TIME ZONE tz.value)::date, seller_id, 0, 1
          FROM gift_cards, (SELECT value FROM app_settings WHERE key = 'report_tz') tz WHERE card_status = 2 AND rejection_date IS NOT NULL) x
 GROUP BY GROUPING SETS ((day, seller_id), (day));`;
