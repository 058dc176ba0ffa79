-- Issue 29: a payment that needs a second staff member (FOUR_EYES=1, above the limit) is recorded here instead of
-- being refused: its maker, kind, seller, card or payout, code and amount. Another staff member approves it (the
-- payment then runs with the usual checks under the locks) or declines it with a reason; after 24 hours it expires.
CREATE TABLE pending_payments (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('pay_card', 'payout', 'bulk_payment', 'payout_edit')),
  maker_id integer NOT NULL REFERENCES users (id),
  seller_id integer NOT NULL REFERENCES users (id),
  gift_card_id integer,
  transaction_id integer,
  code text NOT NULL,
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approving', 'approved', 'declined')),
  decided_by integer REFERENCES users (id),
  decided_at timestamptz,
  decline_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_payments_open ON pending_payments (id DESC) WHERE status = 'pending';

-- Requests are pending_payments rows now: the table of requests confirmed by re-sending goes (see 0021).
DROP TABLE payout_confirmations;

-- Live updates (staff only: no seller_id, so no seller's stream carries them): a request made, and a request
-- approved or declined, for the Pending approvals screen, its menu badge and the desktop notification.
CREATE FUNCTION pending_payments_events() RETURNS trigger AS $$
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
CREATE TRIGGER pending_payments_events AFTER INSERT OR UPDATE OF status ON pending_payments
  FOR EACH ROW EXECUTE FUNCTION pending_payments_events();
