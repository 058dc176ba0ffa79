-- Maker-checker (FOUR_EYES=1): who approved a card (that staff member may not also pay it), and bulk payouts
-- above the configured amount waiting for a second staff member's confirmation (keyed by the payout's code).
ALTER TABLE gift_cards ADD COLUMN approved_by integer;

CREATE TABLE payout_confirmations (
  code_key text PRIMARY KEY,
  seller_id integer NOT NULL,
  amount numeric(12, 2) NOT NULL,
  requested_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
