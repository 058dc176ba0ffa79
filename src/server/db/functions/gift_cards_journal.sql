-- The seller's due as a journal: one ledger_entries row per change of a card's due, in the same transaction, so a
-- seller's entries always add up to their seller_due (statements read it). A change's status, price or rate part is
-- written first (at the old paid amount), then its paid-amount part, which carries the payout that made it
-- (ledger.transaction_id, set by ledger_record). Also counts disputes per report day (report_daily.disputed).
CREATE OR REPLACE FUNCTION gift_cards_journal() RETURNS trigger AS $$
DECLARE
  old_due numeric := 0;
  new_due numeric := 0;
  mid numeric;
  k text;
  tx integer := nullif(current_setting('ledger.transaction_id', true), '')::integer;
  approved_at timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_due := card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount); END IF;
  IF TG_OP <> 'DELETE' THEN
    new_due := card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount);
    approved_at := least(coalesce(NEW.approval_date, now()), now());
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_entry(NEW.seller_id, NEW.id, NULL, 'approved', new_due, approved_at);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ledger_entry(OLD.seller_id, OLD.id, NULL, 'deleted', -old_due, now());
  ELSIF NEW.seller_id <> OLD.seller_id THEN
    PERFORM ledger_entry(OLD.seller_id, OLD.id, NULL, 'moved_out', -old_due, now());
    PERFORM ledger_entry(NEW.seller_id, NEW.id, NULL, 'moved_in', new_due, now());
  ELSE
    -- First what the status, price or rate changed (at the old paid amount), then what the paid amount changed.
    mid := card_due(NEW.card_status, NEW.price, NEW.rate, OLD.paid_amount);
    k := CASE
      WHEN OLD.card_status = 1 AND NEW.card_status = 3 THEN 'disputed'
      WHEN OLD.card_status = 3 AND NEW.card_status = 1 THEN 'resolved'
      WHEN NEW.card_status = 1 AND OLD.card_status <> 1 THEN 'approved'
      WHEN OLD.card_status = 1 AND NEW.card_status <> 1 THEN 'unapproved'
      ELSE 'adjusted' END;
    PERFORM ledger_entry(NEW.seller_id, NEW.id, NULL, k, mid - old_due, CASE WHEN k = 'approved' THEN approved_at ELSE now() END);
    PERFORM ledger_entry(NEW.seller_id, NEW.id, tx, CASE WHEN new_due < mid THEN 'payment' ELSE 'payment_reversed' END,
                         new_due - mid, now());
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.card_status IS NOT DISTINCT FROM NEW.card_status AND OLD.seller_id = NEW.seller_id
     AND OLD.dispute_date IS NOT DISTINCT FROM NEW.dispute_date THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.card_status = 3 THEN PERFORM report_bump_disputed(OLD.dispute_date, OLD.seller_id, -1); END IF;
  IF TG_OP <> 'DELETE' AND NEW.card_status = 3 THEN PERFORM report_bump_disputed(NEW.dispute_date, NEW.seller_id, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_journal AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_journal();
