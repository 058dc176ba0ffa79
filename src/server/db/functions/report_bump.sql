-- Adds approvals and rejections on the report day of ts (in report_tz()), for the seller and for
-- everyone (seller 0); nothing without a date.
CREATE OR REPLACE FUNCTION report_bump(ts timestamptz, seller integer, d_approved integer, d_rejected integer) RETURNS void AS $$
DECLARE
  d date;
BEGIN
  IF ts IS NULL THEN RETURN; END IF;
  d := (ts AT TIME ZONE report_tz())::date;
  INSERT INTO report_daily (day, seller_id, approved, rejected) VALUES (d, seller, d_approved, d_rejected), (d, 0, d_approved, d_rejected)
  ON CONFLICT (seller_id, day) DO UPDATE SET approved = report_daily.approved + EXCLUDED.approved,
                                             rejected = report_daily.rejected + EXCLUDED.rejected;
END $$ LANGUAGE plpgsql;
