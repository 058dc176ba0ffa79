-- Rejections per reason per report day (report_reject_reasons): a rejected card counts under its reason ('none'
-- without one), and moves when its reason, date or seller changes.
CREATE OR REPLACE FUNCTION gift_cards_reject_reasons() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.card_status = 2 THEN
    IF TG_OP = 'DELETE' OR NEW.card_status IS DISTINCT FROM OLD.card_status OR NEW.rejection_date IS DISTINCT FROM OLD.rejection_date
       OR NEW.reject_reason IS DISTINCT FROM OLD.reject_reason OR NEW.seller_id <> OLD.seller_id THEN
      PERFORM reject_reason_bump(OLD.rejection_date, OLD.seller_id, OLD.reject_reason, -1);
    ELSE
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.card_status = 2 THEN
    PERFORM reject_reason_bump(NEW.rejection_date, NEW.seller_id, NEW.reject_reason, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_reject_reasons AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_reject_reasons();
