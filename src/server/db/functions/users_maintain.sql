-- The users and sellers counters (accounts not soft-deleted).
CREATE OR REPLACE FUNCTION users_maintain() RETURNS trigger AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  new_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
BEGIN
  IF old_live THEN
    PERFORM bump_counter('users', -1);
    IF OLD.role = 'seller' THEN PERFORM bump_counter('sellers', -1); END IF;
  END IF;
  IF new_live THEN
    PERFORM bump_counter('users', 1);
    IF NEW.role = 'seller' THEN PERFORM bump_counter('sellers', 1); END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER users_maintain AFTER INSERT OR DELETE OR UPDATE OF role, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION users_maintain();
