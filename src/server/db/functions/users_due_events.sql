-- A seller's due changed: one 'due.changed' per transaction (a bulk payment moves it through many card rows).
CREATE OR REPLACE FUNCTION users_due_events() RETURNS trigger AS $$
BEGIN
  PERFORM emit_event_once('due.changed', NEW.id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER users_due_events AFTER UPDATE OF seller_due ON users
  FOR EACH ROW WHEN (OLD.seller_due IS DISTINCT FROM NEW.seller_due) EXECUTE FUNCTION users_due_events();
