-- The offers counter.
CREATE OR REPLACE FUNCTION offers_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM bump_counter('offers', 1); ELSE PERFORM bump_counter('offers', -1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER offers_maintain AFTER INSERT OR DELETE ON gift_card_offers
  FOR EACH ROW EXECUTE FUNCTION offers_maintain();
