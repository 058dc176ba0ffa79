-- What a card write keeps: the gift_cards counter, its seller's card_count and seller_due (the change of card_due),
-- and the approvals and rejections per report day (report_daily).
CREATE OR REPLACE FUNCTION gift_cards_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_counter('gift_cards', 1);
    UPDATE users SET card_count = card_count + 1,
                     seller_due = seller_due + card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
     WHERE id = NEW.seller_id;
    IF NEW.card_status = 1 THEN PERFORM report_bump(NEW.approval_date, NEW.seller_id, 1, 0); END IF;
    IF NEW.card_status = 2 THEN PERFORM report_bump(NEW.rejection_date, NEW.seller_id, 0, 1); END IF;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_counter('gift_cards', -1);
    UPDATE users SET card_count = card_count - 1,
                     seller_due = seller_due - card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount)
     WHERE id = OLD.seller_id;
    IF OLD.card_status = 1 THEN PERFORM report_bump(OLD.approval_date, OLD.seller_id, -1, 0); END IF;
    IF OLD.card_status = 2 THEN PERFORM report_bump(OLD.rejection_date, OLD.seller_id, 0, -1); END IF;
    RETURN OLD;
  ELSE
    IF NEW.seller_id <> OLD.seller_id THEN
      UPDATE users SET card_count = card_count - 1,
                       seller_due = seller_due - card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount)
       WHERE id = OLD.seller_id;
      UPDATE users SET card_count = card_count + 1,
                       seller_due = seller_due + card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
       WHERE id = NEW.seller_id;
    ELSIF card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
          <> card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount) THEN
      UPDATE users SET seller_due = seller_due - card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount)
                                               + card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
       WHERE id = NEW.seller_id;
    END IF;
    IF OLD.card_status IS DISTINCT FROM NEW.card_status OR OLD.approval_date IS DISTINCT FROM NEW.approval_date
       OR OLD.rejection_date IS DISTINCT FROM NEW.rejection_date OR OLD.seller_id <> NEW.seller_id THEN
      IF OLD.card_status = 1 THEN PERFORM report_bump(OLD.approval_date, OLD.seller_id, -1, 0); END IF;
      IF OLD.card_status = 2 THEN PERFORM report_bump(OLD.rejection_date, OLD.seller_id, 0, -1); END IF;
      IF NEW.card_status = 1 THEN PERFORM report_bump(NEW.approval_date, NEW.seller_id, 1, 0); END IF;
      IF NEW.card_status = 2 THEN PERFORM report_bump(NEW.rejection_date, NEW.seller_id, 0, 1); END IF;
    END IF;
    RETURN NEW;
  END IF;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_maintain AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_maintain();
