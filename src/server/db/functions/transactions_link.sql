-- Linked sellers (issue 54): a payout code behind two sellers links them. Codes are unique, so that is a payout moved
-- from one seller to another by an edit (the same payout on both sides), or a payout whose code read like an older
-- one's when the keys were recomputed (migrations 0020, 0028: its key is `<key>#<id>`) and the older payout's seller.
CREATE OR REPLACE FUNCTION transactions_link() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.seller_id <> OLD.seller_id THEN
    PERFORM seller_link_add(NEW.seller_id, OLD.seller_id, 'payout_code', NULL, NULL, NEW.id, NEW.id);
  END IF;
  IF strpos(NEW.code_norm, '#') > 0
     AND (TG_OP = 'INSERT' OR NEW.code_norm IS DISTINCT FROM OLD.code_norm OR NEW.seller_id <> OLD.seller_id) THEN
    PERFORM seller_link_add(NEW.seller_id, o.seller_id, 'payout_code', NULL, NULL, NEW.id, o.id)
       FROM transactions o WHERE o.code_norm = split_part(NEW.code_norm, '#', 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER transactions_link AFTER INSERT OR UPDATE OF seller_id, code_norm ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_link();
