-- A card approved under an offer with a payout hold (gift_card_offers.hold_days), or while its seller's trust band has
-- one (trust_bands.hold_days, seller trust: docs/trust.md), is held until its approval plus the longer of the two: set
-- when it becomes approved (a resolved dispute's return to approved keeps it), cleared when it goes back to pending or
-- rejected. Stored, so that a later change of the offer, the policy or the seller's score leaves cards already approved
-- alone. card_hold() reads it: still the one rule of whether a card is held.
CREATE OR REPLACE FUNCTION gift_cards_offer_hold() RETURNS trigger AS $$
DECLARE
  days integer;
BEGIN
  IF NEW.card_status NOT IN (1, 3) THEN
    NEW.offer_hold_until := NULL;
  ELSIF NEW.card_status = 1 AND (TG_OP = 'INSERT' OR OLD.card_status NOT IN (1, 3)) THEN
    days := greatest(
      coalesce((SELECT o.hold_days FROM gift_card_offers o WHERE o.id = NEW.giftcard_offer_id), 0),
      coalesce((SELECT b.hold_days FROM users u JOIN trust_bands b ON u.trust_score >= b.lo AND u.trust_score < b.hi
                 WHERE u.id = NEW.seller_id), 0));
    NEW.offer_hold_until := CASE WHEN days > 0 THEN coalesce(NEW.approval_date, now()) + make_interval(days => days) END;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_offer_hold BEFORE INSERT OR UPDATE OF card_status ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_offer_hold();
