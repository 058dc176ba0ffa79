-- The zone report days are counted in: app_settings.report_tz, pinned from REPORT_TZ at start (db/report-tz.ts); UTC
-- before a start pinned it. A statement reads it as (SELECT report_tz()), once, not once per row.
CREATE OR REPLACE FUNCTION report_tz() RETURNS text AS $$
  SELECT coalesce((SELECT value FROM app_settings WHERE key = 'report_tz'), 'UTC')
$$ LANGUAGE sql STABLE;
