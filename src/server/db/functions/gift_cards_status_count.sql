-- Exact card counts per status: counters gift_cards_status_0 .. _3.
CREATE OR REPLACE FUNCTION gift_cards_status_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bump_counter('gift_cards_status_' || OLD.card_status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM bump_counter('gift_cards_status_' || NEW.card_status, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_status_count AFTER INSERT OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_status_count();
CREATE OR REPLACE TRIGGER gift_cards_status_change AFTER UPDATE OF card_status ON gift_cards
  FOR EACH ROW WHEN (OLD.card_status IS DISTINCT FROM NEW.card_status) EXECUTE FUNCTION gift_cards_status_count();
