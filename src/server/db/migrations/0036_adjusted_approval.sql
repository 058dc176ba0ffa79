-- Issue 53, adjusted approval: staff approve a card at a value other than the seller's (a partial balance), with a
-- reason from a fixed list (shared/adjustment.ts ADJUST_REASONS) and a note. The card's price and rate become the
-- approved value's, so its payable, due and every figure follow as for any price; the asked price and rate stay here.
-- Until the seller accepts or the window ends, a payout hold (payout_holds, hold_id) keeps the card from being paid:
-- the one rule of what is not payable now (card_hold). Withdrawn: the card is rejected, its asked price back.
CREATE TABLE card_adjustments (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards (id) ON DELETE CASCADE,
  hold_id integer NOT NULL REFERENCES payout_holds (id) ON DELETE CASCADE,
  asked_price numeric(12,2) NOT NULL CHECK (asked_price >= 0),
  asked_rate numeric(12,2) NOT NULL CHECK (asked_rate >= 0),
  price numeric(12,2) NOT NULL CHECK (price > 0),
  rate numeric(12,2) NOT NULL CHECK (rate >= 0),
  reason text NOT NULL CHECK (reason IN ('partial_balance', 'wrong_region', 'different_brand', 'other')),
  -- LIMITS.text.noteChars.
  note text CHECK (char_length(note) <= 1000),
  window_ends_at timestamptz NOT NULL,
  -- pending: waiting for the seller (until window_ends_at; past it, it counts as accepted); superseded: a later
  -- decision on the card replaced it.
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'withdrawn', 'superseded')),
  created_by integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  CHECK (price < asked_price)
);
CREATE INDEX card_adjustments_card ON card_adjustments (gift_card_id, id);
CREATE UNIQUE INDEX card_adjustments_one_pending ON card_adjustments (gift_card_id) WHERE state = 'pending';
