-- Found by `npm run bench` (EXPLAIN ANALYZE at 1M cards). The reports read a year of one seller's days (seller_id 0:
-- all sellers) from report_daily. One seller's rows are spread over the whole table (every day adds rows for many
-- sellers), so the primary-key scan fetched one heap page per day: 363 pages, 1.9 ms. With the counts in the index the
-- scan is index-only: 5 pages, 0.2 ms.
CREATE INDEX report_daily_seller_day_counts ON report_daily (seller_id, day) INCLUDE (approved, rejected);
