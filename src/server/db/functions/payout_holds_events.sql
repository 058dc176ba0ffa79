-- A payout hold placed on a seller or on one of their cards: its seller's inbox (and their on-hold figures) learn it
-- live. The card's seller for a card hold. Nothing about who placed it, nor its reason: clients refetch what they show.
CREATE OR REPLACE FUNCTION payout_holds_events() RETURNS trigger AS $$
BEGIN
  PERFORM emit_event('hold.placed', coalesce(NEW.seller_id, (SELECT g.seller_id FROM gift_cards g WHERE g.id = NEW.gift_card_id)),
    NEW.gift_card_id, NULL, json_build_object('hold_id', NEW.id)::jsonb);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER payout_holds_events AFTER INSERT ON payout_holds
  FOR EACH ROW EXECUTE FUNCTION payout_holds_events();
