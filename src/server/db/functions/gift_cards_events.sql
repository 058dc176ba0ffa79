-- A card's live events: submitted, deleted, its status changed or edited; 'pending.changed' once per transaction when
-- the seller's pending cards change.
CREATE OR REPLACE FUNCTION gift_cards_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_event('card.submitted', NEW.seller_id, NEW.id, NULL, json_build_object('status', NEW.card_status)::jsonb);
    IF NEW.card_status = 0 THEN PERFORM emit_event_once('pending.changed', NEW.seller_id); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM emit_event('card.deleted', OLD.seller_id, OLD.id, NULL, json_build_object('status', OLD.card_status)::jsonb);
    IF OLD.card_status = 0 THEN PERFORM emit_event_once('pending.changed', OLD.seller_id); END IF;
  ELSIF NEW.card_status IS DISTINCT FROM OLD.card_status THEN
    PERFORM emit_event('card.status', NEW.seller_id, NEW.id, NULL,
      json_build_object('from', OLD.card_status, 'to', NEW.card_status)::jsonb);
    IF OLD.card_status = 0 OR NEW.card_status = 0 THEN PERFORM emit_event_once('pending.changed', NEW.seller_id); END IF;
  ELSIF (NEW.giftcard_offer_id, NEW.price, NEW.rate, NEW.card_number, NEW.description, NEW.seller_id)
        IS DISTINCT FROM (OLD.giftcard_offer_id, OLD.price, OLD.rate, OLD.card_number, OLD.description, OLD.seller_id) THEN
    PERFORM emit_event('card.edited', NEW.seller_id, NEW.id, NULL, '{}'::jsonb);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_events AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_events();
