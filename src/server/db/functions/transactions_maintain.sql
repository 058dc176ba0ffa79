-- The transactions counter and each seller's transaction_count.
CREATE OR REPLACE FUNCTION transactions_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_counter('transactions', 1);
    UPDATE users SET transaction_count = transaction_count + 1 WHERE id = NEW.seller_id;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_counter('transactions', -1);
    UPDATE users SET transaction_count = transaction_count - 1 WHERE id = OLD.seller_id;
    RETURN OLD;
  ELSIF NEW.seller_id <> OLD.seller_id THEN
    UPDATE users SET transaction_count = transaction_count - 1 WHERE id = OLD.seller_id;
    UPDATE users SET transaction_count = transaction_count + 1 WHERE id = NEW.seller_id;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER transactions_maintain AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_maintain();
