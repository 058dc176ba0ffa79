-- Work queues (issue 13): indexes that fit the list filters and sorts, and exact per-status card counts.

-- Status queues: pending oldest first, any status newest first; with a seller or an offer.
CREATE INDEX gift_cards_status_id ON gift_cards (card_status, id);
CREATE INDEX gift_cards_seller_status_id ON gift_cards (seller_id, card_status, id);
CREATE INDEX gift_cards_offer_status_id ON gift_cards (giftcard_offer_id, card_status, id);
-- Sorts and date ranges.
CREATE INDEX gift_cards_price_id ON gift_cards (price, id);
CREATE INDEX gift_cards_created_at ON gift_cards (created_at, id);
CREATE INDEX gift_cards_approval_date ON gift_cards (approval_date, id);
CREATE INDEX gift_cards_approval_date_desc ON gift_cards (approval_date DESC NULLS LAST, id DESC);
CREATE INDEX gift_cards_rejection_date ON gift_cards (rejection_date, id) WHERE rejection_date IS NOT NULL;
-- Free search: a card number's normalised prefix.
CREATE INDEX gift_cards_number_key_prefix ON gift_cards (card_number_key(card_number) text_pattern_ops) WHERE card_number IS NOT NULL;

CREATE INDEX transactions_created_at ON transactions (created_at, id);
CREATE INDEX transactions_amount_id ON transactions (transaction_amount, id);
CREATE INDEX transactions_code_key_prefix ON transactions (code_key(code) text_pattern_ops);
-- A seller found by the start of their name or email (the card and transaction searches).
CREATE INDEX users_name_prefix ON users (lower(name) text_pattern_ops);
CREATE INDEX users_email_prefix ON users (lower(email) text_pattern_ops);
CREATE INDEX users_seller_due ON users (seller_due, id) WHERE role = 'seller' AND deleted_at IS NULL;

-- Exact counts per status, sharded like every counter (migration 0005): gift_cards_status_0 .. _3.
CREATE FUNCTION gift_cards_status_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bump_counter('gift_cards_status_' || OLD.card_status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM bump_counter('gift_cards_status_' || NEW.card_status, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_status_count AFTER INSERT OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_status_count();
CREATE TRIGGER gift_cards_status_change AFTER UPDATE OF card_status ON gift_cards
  FOR EACH ROW WHEN (OLD.card_status IS DISTINCT FROM NEW.card_status) EXECUTE FUNCTION gift_cards_status_count();

INSERT INTO counters (name, shard, value)
SELECT 'gift_cards_status_' || s, 0, (SELECT count(*) FROM gift_cards WHERE card_status = s) FROM generate_series(0, 3) s;
