-- A payout hold placed on a seller or on one of their cards: its seller's inbox (and their on-hold figures) learn it
-- live; so they do when staff release it (hold.released). The card's seller for a card hold. Nothing about who placed
-- or released it, nor its reason or note: clients refetch what they show. A hold that simply reaches its end time
-- changes no row, so has no event: the inbox shows its end at its next read.
CREATE OR REPLACE FUNCTION payout_holds_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.released_at IS NOT NULL OR NEW.released_at IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM emit_event(CASE WHEN TG_OP = 'INSERT' THEN 'hold.placed' ELSE 'hold.released' END,
    coalesce(NEW.seller_id, (SELECT g.seller_id FROM gift_cards g WHERE g.id = NEW.gift_card_id)),
    NEW.gift_card_id, NULL, json_build_object('hold_id', NEW.id)::jsonb);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER payout_holds_events AFTER INSERT OR UPDATE OF released_at ON payout_holds
  FOR EACH ROW EXECUTE FUNCTION payout_holds_events();
