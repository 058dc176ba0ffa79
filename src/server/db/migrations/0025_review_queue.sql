-- Issue 32: the review queue and its SLA clock.
-- Each offer has a review target in minutes (how long a card of it may wait for a decision; default 60).
ALTER TABLE gift_card_offers ADD COLUMN review_minutes integer NOT NULL DEFAULT 60
  CHECK (review_minutes BETWEEN 1 AND 10080);

-- A card is due for review at its submission time plus its offer's target: set when it is submitted and when its offer
-- changes (an offer's later change of target leaves cards already submitted alone). Stored, so that "overdue first"
-- is the order of an index over the pending cards.
ALTER TABLE gift_cards ADD COLUMN review_due_at timestamptz;

CREATE FUNCTION gift_cards_review_due() RETURNS trigger AS $$
BEGIN
  NEW.review_due_at := NEW.created_at
    + make_interval(mins => coalesce((SELECT o.review_minutes FROM gift_card_offers o WHERE o.id = NEW.giftcard_offer_id), 60));
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_review_due BEFORE INSERT OR UPDATE OF giftcard_offer_id ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_review_due();

-- Existing cards: the same rule, without firing the cards' triggers (nothing a seller sees changed: no events,
-- no journal rows).
ALTER TABLE gift_cards DISABLE TRIGGER USER;
UPDATE gift_cards g SET review_due_at = g.created_at + make_interval(mins => o.review_minutes)
  FROM gift_card_offers o WHERE o.id = g.giftcard_offer_id;
ALTER TABLE gift_cards ENABLE TRIGGER USER;

-- The queue's order: pending cards, the earliest due first (overdue ones are the earliest), then the oldest.
CREATE INDEX gift_cards_review_queue ON gift_cards (review_due_at, id) WHERE card_status = 0;

-- Who holds a card (the lease): expired leases are found by their time.
CREATE INDEX card_review_claims_user ON card_review_claims (user_id, claimed_at);

-- The desktop app tells staff once when a card becomes overdue: a sweep (any server instance, every 30 s) records
-- each newly overdue pending card here and emits a staff-only 'review.overdue' event for it. The key makes it once.
CREATE TABLE review_overdue_notices (
  gift_card_id integer PRIMARY KEY REFERENCES gift_cards(id) ON DELETE CASCADE,
  noticed_at timestamptz NOT NULL DEFAULT now()
);
