-- Live updates (staff only: no seller_id, so no seller's stream carries them): a request made, and a request
-- approved or declined, for the Pending approvals screen, its menu badge and the desktop notification.
CREATE OR REPLACE FUNCTION pending_payments_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_event('approval.requested', NULL, NEW.gift_card_id, NEW.transaction_id,
      jsonb_build_object('request_id', NEW.id, 'amount', NEW.amount, 'maker_id', NEW.maker_id));
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('approved', 'declined') THEN
    PERFORM emit_event('approval.decided', NULL, NEW.gift_card_id, NEW.transaction_id,
      jsonb_build_object('request_id', NEW.id, 'status', NEW.status));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER pending_payments_events AFTER INSERT OR UPDATE OF status ON pending_payments
  FOR EACH ROW EXECUTE FUNCTION pending_payments_events();
