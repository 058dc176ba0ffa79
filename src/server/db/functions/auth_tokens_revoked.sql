-- A revoked token (logout, a deleted user): every instance re-checks that user's open streams and ends the revoked ones.
CREATE OR REPLACE FUNCTION auth_tokens_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('gcbo_sessions', NEW.user_id::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER auth_tokens_revoked AFTER UPDATE OF revoked_at ON auth_tokens
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL) EXECUTE FUNCTION auth_tokens_revoked();
