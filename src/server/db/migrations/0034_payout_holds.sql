-- Issue 54, payout holds: an approved card becomes payable only after its hold ends (docs/money.md, "Payout holds").
-- An offer's hold (hold_days, default 0: no hold) starts at the card's approval and is stored on the card when it is
-- approved (functions/gift_cards_offer_hold.sql), so a later change of the offer leaves cards already approved alone.
ALTER TABLE gift_card_offers ADD COLUMN hold_days integer NOT NULL DEFAULT 0 CHECK (hold_days BETWEEN 0 AND 365);
ALTER TABLE gift_cards ADD COLUMN offer_hold_until timestamptz;
CREATE INDEX gift_cards_offer_hold ON gift_cards (offer_hold_until) WHERE offer_hold_until IS NOT NULL AND card_status = 1;

-- A hold staff place on a seller (every approved card of theirs) or on one card, with a reason; until null: until
-- released. Released holds stay (who released it, when, why): the hold's history.
CREATE TABLE payout_holds (
  id serial PRIMARY KEY,
  seller_id integer REFERENCES users (id),
  gift_card_id integer REFERENCES gift_cards (id) ON DELETE CASCADE,
  -- LIMITS.text.holdReasonChars.
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  until timestamptz,
  placed_by integer NOT NULL REFERENCES users (id),
  placed_at timestamptz NOT NULL DEFAULT now(),
  released_by integer REFERENCES users (id),
  released_at timestamptz,
  release_note text CHECK (char_length(release_note) <= 500),
  CHECK ((seller_id IS NULL) <> (gift_card_id IS NULL)),
  CHECK ((released_at IS NULL) = (released_by IS NULL))
);
CREATE INDEX payout_holds_card_active ON payout_holds (gift_card_id) WHERE released_at IS NULL AND gift_card_id IS NOT NULL;
CREATE INDEX payout_holds_seller_active ON payout_holds (seller_id) WHERE released_at IS NULL AND seller_id IS NOT NULL;
CREATE INDEX payout_holds_card ON payout_holds (gift_card_id, id) WHERE gift_card_id IS NOT NULL;
CREATE INDEX payout_holds_seller ON payout_holds (seller_id, id) WHERE seller_id IS NOT NULL;

-- ledger_pay takes the time holds are compared with (the server's clock): a new argument, so the old one goes (a
-- database made from 0029_baseline.sql never had it).
DROP FUNCTION IF EXISTS ledger_pay(text, integer, integer, integer, text, text, numeric, boolean, numeric);
