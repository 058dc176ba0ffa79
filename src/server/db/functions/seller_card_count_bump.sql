-- Adds delta to a seller's count of cards in status s.
CREATE OR REPLACE FUNCTION seller_card_count_bump(seller integer, s smallint, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO seller_card_counts (seller_id, status, n) VALUES (seller, s, delta)
  ON CONFLICT (seller_id, status) DO UPDATE SET n = seller_card_counts.n + EXCLUDED.n;
END $$ LANGUAGE plpgsql;
