-- An appeal's live events: filed (staff's queue grows) and decided (its seller learns the outcome). Neither names the
-- staff member who made the decision or decided the appeal.
CREATE OR REPLACE FUNCTION card_appeals_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.kind = 'appeal' THEN
    PERFORM emit_event('appeal.filed', NEW.seller_id, NEW.gift_card_id, NULL,
      json_build_object('appeal_id', NEW.id, 'decision', NEW.decision)::jsonb);
  ELSIF TG_OP = 'UPDATE' AND OLD.outcome IS NULL AND NEW.outcome IS NOT NULL THEN
    PERFORM emit_event('appeal.decided', NEW.seller_id, NEW.gift_card_id, NULL,
      json_build_object('appeal_id', NEW.id, 'decision', NEW.decision, 'outcome', NEW.outcome)::jsonb);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER card_appeals_events AFTER INSERT OR UPDATE ON card_appeals
  FOR EACH ROW EXECUTE FUNCTION card_appeals_events();
