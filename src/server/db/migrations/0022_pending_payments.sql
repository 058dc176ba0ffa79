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
