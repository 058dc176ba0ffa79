-- Linked sellers (issue 54): a card written with a number (submitted, its number edited, or moved to another seller)
-- links its seller with each other seller holding a card of the same number key: one probe of the number key's index,
-- at most 100 other sellers a write (a number every seller types must not make one write link thousands). A card
-- moved to another seller carries its photos' links too.
CREATE OR REPLACE FUNCTION gift_cards_link() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.number_key IS NOT DISTINCT FROM OLD.number_key AND NEW.seller_id = OLD.seller_id THEN
    RETURN NULL;
  END IF;
  IF NEW.number_key IS NOT NULL THEN
    PERFORM seller_link_add(NEW.seller_id, h.seller_id, 'card_number', NEW.id, h.id, NULL, NULL)
       FROM (SELECT DISTINCT ON (g.seller_id) g.seller_id, g.id FROM gift_cards g
              WHERE g.number_key = NEW.number_key AND g.seller_id <> NEW.seller_id
              ORDER BY g.seller_id, g.id
              LIMIT 100) h;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.seller_id <> OLD.seller_id THEN
    PERFORM seller_links_photo(NEW.id, NEW.seller_id, i.sha256, i.dhash) FROM gift_card_images i WHERE i.gift_card_id = NEW.id;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_link AFTER INSERT OR UPDATE OF number_key, seller_id ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_link();
