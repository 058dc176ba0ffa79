-- Each seller's cards counted per status, kept by triggers in the same transaction: "one seller's pending cards"
-- (gift-card?status=0&seller_id=H) and a seller's own status tabs (my-giftcard?status=1) then have an exact total
-- without counting up to 10,001 index entries per request. One row per seller and status: submissions of one seller
-- already queue on that seller's users row (card_count), so this adds no new queue. Payments do not touch it.
CREATE TABLE seller_card_counts (
  seller_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (seller_id, status)
);

CREATE FUNCTION seller_card_count_bump(seller integer, s smallint, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO seller_card_counts (seller_id, status, n) VALUES (seller, s, delta)
  ON CONFLICT (seller_id, status) DO UPDATE SET n = seller_card_counts.n + EXCLUDED.n;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION gift_cards_seller_status_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM seller_card_count_bump(OLD.seller_id, OLD.card_status, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM seller_card_count_bump(NEW.seller_id, NEW.card_status, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_seller_status_count AFTER INSERT OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_seller_status_count();
CREATE TRIGGER gift_cards_seller_status_change AFTER UPDATE OF card_status, seller_id ON gift_cards
  FOR EACH ROW WHEN (OLD.card_status IS DISTINCT FROM NEW.card_status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id)
  EXECUTE FUNCTION gift_cards_seller_status_count();

INSERT INTO seller_card_counts (seller_id, status, n)
SELECT seller_id, card_status, count(*) FROM gift_cards GROUP BY seller_id, card_status;
