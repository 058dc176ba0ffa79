-- Login throttling counted atomically BEFORE the password is verified (OWASP: slow down, do not lock out).
-- login_attempt(key, ...) counts one attempt on the key and answers 0 when it may go ahead, else the seconds to
-- wait. The row lock makes concurrent attempts on one key take turns, so a burst of N gets exactly `free` tries
-- before the delays start; each further try must wait a delay that doubles (up to max_delay_s). A quiet window
-- (window_s without a refused try) starts the count again.
CREATE OR REPLACE FUNCTION login_attempt(k text, window_s integer, free integer, base_delay_s integer, max_delay_s integer)
RETURNS integer AS $$
DECLARE
  r login_attempts%ROWTYPE;
BEGIN
  INSERT INTO login_attempts (key, failures, window_start) VALUES (k, 0, now()) ON CONFLICT (key) DO NOTHING;
  SELECT * INTO r FROM login_attempts WHERE key = k FOR UPDATE;
  IF r.window_start < now() - make_interval(secs => window_s) AND (r.locked_until IS NULL OR r.locked_until <= now()) THEN
    r.failures := 0;
    r.window_start := now();
    r.locked_until := NULL;
  END IF;
  IF r.locked_until > now() THEN
    RETURN greatest(1, ceil(extract(epoch FROM r.locked_until - now()))::integer);
  END IF;
  r.failures := r.failures + 1;
  IF r.failures >= free THEN
    r.locked_until := now() + make_interval(secs => least(max_delay_s, base_delay_s * power(2, least(r.failures - free, 20)))::integer);
  END IF;
  UPDATE login_attempts SET failures = r.failures, window_start = r.window_start, locked_until = r.locked_until WHERE key = k;
  RETURN 0;
END $$ LANGUAGE plpgsql;
