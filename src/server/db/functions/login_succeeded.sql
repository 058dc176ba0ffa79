-- A successful login gives its attempt back (the owner's own logins never count against them).
CREATE OR REPLACE FUNCTION login_succeeded(k text, clear boolean) RETURNS void AS $$
BEGIN
  IF clear THEN
    DELETE FROM login_attempts WHERE key = k;
  ELSE
    UPDATE login_attempts SET failures = greatest(failures - 1, 0) WHERE key = k;
  END IF;
END $$ LANGUAGE plpgsql;
