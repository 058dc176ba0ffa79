-- Adds disputed cards on the report day of ts, for the seller and for everyone (seller 0); nothing without a date.
CREATE OR REPLACE FUNCTION report_bump_disputed(ts timestamptz, seller integer, delta integer) RETURNS void AS $$
DECLARE
  d date := (ts AT TIME ZONE report_tz())::date;
BEGIN
  IF ts IS NULL THEN RETURN; END IF;
  INSERT INTO report_daily (day, seller_id, disputed) VALUES (d, seller, delta), (d, 0, delta)
  ON CONFLICT (seller_id, day) DO UPDATE SET disputed = report_daily.disputed + EXCLUDED.disputed;
END $$ LANGUAGE plpgsql;
