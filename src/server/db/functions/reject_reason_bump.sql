-- Adds rejections under a reason ('none': without one) on the report day of ts (in report_tz()),
-- for the seller and for everyone (seller 0); nothing without a date.
CREATE OR REPLACE FUNCTION reject_reason_bump(ts timestamptz, seller integer, why text, delta integer) RETURNS void AS $$
DECLARE
  d date;
BEGIN
  IF ts IS NULL THEN RETURN; END IF;
  d := (ts AT TIME ZONE report_tz())::date;
  INSERT INTO report_reject_reasons (day, seller_id, reason, rejected)
  VALUES (d, seller, coalesce(why, 'none'), delta), (d, 0, coalesce(why, 'none'), delta)
  ON CONFLICT (seller_id, day, reason) DO UPDATE SET rejected = report_reject_reasons.rejected + EXCLUDED.rejected;
END $$ LANGUAGE plpgsql;
