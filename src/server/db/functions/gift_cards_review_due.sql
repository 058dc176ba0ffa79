-- A card is due for review at its submission time plus its offer's target (review_minutes; 60 without an offer): set
-- when it is submitted and when its offer changes, so an offer's later change of target leaves cards already submitted
-- alone. Stored, so that "overdue first" is the order of an index over the pending cards.
CREATE OR REPLACE FUNCTION gift_cards_review_due() RETURNS trigger AS $$
BEGIN
  NEW.review_due_at := NEW.created_at
    + make_interval(mins => coalesce((SELECT o.review_minutes FROM gift_card_offers o WHERE o.id = NEW.giftcard_offer_id), 60));
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_review_due BEFORE INSERT OR UPDATE OF giftcard_offer_id ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_review_due();
