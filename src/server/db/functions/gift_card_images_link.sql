-- Linked sellers (issue 54): a photo's hashes, once written (the server hashes a photo after storing it), link its
-- card's seller with the other sellers holding the same photo (seller_links_photo).
CREATE OR REPLACE FUNCTION gift_card_images_link() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.sha256, NEW.dhash) IS NOT DISTINCT FROM (OLD.sha256, OLD.dhash) THEN RETURN NULL; END IF;
  PERFORM seller_links_photo(NEW.gift_card_id, g.seller_id, NEW.sha256, NEW.dhash) FROM gift_cards g WHERE g.id = NEW.gift_card_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_card_images_link AFTER INSERT OR UPDATE OF sha256, dhash ON gift_card_images
  FOR EACH ROW WHEN (NEW.sha256 IS NOT NULL OR NEW.dhash IS NOT NULL) EXECUTE FUNCTION gift_card_images_link();
