-- Each seller's cards per status (seller_card_counts), so a seller's status tab has an exact total without counting.
-- One row per seller and status: a seller's submissions already queue on their users row, so this adds no new queue.
CREATE OR REPLACE FUNCTION gift_cards_seller_status_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM seller_card_count_bump(OLD.seller_id, OLD.card_status, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM seller_card_count_bump(NEW.seller_id, NEW.card_status, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_seller_status_count AFTER INSERT OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_seller_status_count();
CREATE OR REPLACE TRIGGER gift_cards_seller_status_change AFTER UPDATE OF card_status, seller_id ON gift_cards
  FOR EACH ROW WHEN (OLD.card_status IS DISTINCT FROM NEW.card_status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id)
  EXECUTE FUNCTION gift_cards_seller_status_count();
