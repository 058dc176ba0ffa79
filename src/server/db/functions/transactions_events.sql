-- A payment's live events: recorded, redeem toggled, edited (a payout moved to another seller tells both sellers).
CREATE OR REPLACE FUNCTION transactions_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_event('payment.recorded', NEW.seller_id, NEW.gift_card_id, NEW.id,
      json_build_object('amount', NEW.transaction_amount)::jsonb);
  ELSIF NEW.is_redeem IS DISTINCT FROM OLD.is_redeem THEN
    PERFORM emit_event('redeem.toggled', NEW.seller_id, NEW.gift_card_id, NEW.id, json_build_object('is_redeem', NEW.is_redeem)::jsonb);
  ELSIF (NEW.code, NEW.transaction_amount, NEW.seller_id, NEW.gift_card_id)
        IS DISTINCT FROM (OLD.code, OLD.transaction_amount, OLD.seller_id, OLD.gift_card_id) THEN
    PERFORM emit_event('payment.edited', NEW.seller_id, NEW.gift_card_id, NEW.id,
      json_build_object('amount', NEW.transaction_amount)::jsonb);
    -- A payout moved to another seller: the one it left hears of it too.
    IF NEW.seller_id <> OLD.seller_id THEN
      PERFORM emit_event('payment.edited', OLD.seller_id, OLD.gift_card_id, NEW.id, '{}'::jsonb);
    END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER transactions_events AFTER INSERT OR UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_events();
