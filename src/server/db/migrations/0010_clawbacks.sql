-- Clawbacks and seller statements.
--
-- Card status 3 = Disputed: an approved card found bad after it was paid. What was paid on it becomes a debit of
-- the seller (its due is minus its paid amount, and what was still unpaid on it is no longer owed), so the seller's
-- due may go negative; later approvals offset it first. Resolving the dispute puts the card back to approved.
ALTER TABLE gift_cards DROP CONSTRAINT gift_cards_card_status_check;
ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_card_status_check CHECK (card_status IN (0, 1, 2, 3));
ALTER TABLE gift_cards ADD COLUMN dispute_date timestamptz;
ALTER TABLE users DROP CONSTRAINT users_seller_due_check;

CREATE OR REPLACE FUNCTION card_due(status smallint, price numeric, rate numeric, paid numeric) RETURNS numeric AS $$
  SELECT CASE WHEN status = 1 THEN price - rate - paid WHEN status = 3 THEN -paid ELSE 0 END
$$ LANGUAGE sql IMMUTABLE;

-- Transactions get a kind: 0 payout (allocated to cards, amount > 0), 1 clawback (the negative entry written when a
-- paid card is disputed: minus its paid amount, no allocations), 2 clawback reversed (written when the dispute is
-- resolved: the same amount back, positive).
ALTER TABLE transactions ADD COLUMN kind smallint NOT NULL DEFAULT 0 CHECK (kind IN (0, 1, 2));
ALTER TABLE transactions DROP CONSTRAINT transactions_transaction_amount_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_amount_sign
  CHECK ((kind = 1 AND transaction_amount < 0) OR (kind <> 1 AND transaction_amount > 0));

-- The seller's due, as a journal: one row per change of a card's due, written by a trigger in the same transaction
-- as the change, so the sum of a seller's entries is their seller_due at every moment and a statement is a range
-- read. Payment entries carry the payout (ledger.transaction_id, set by the payment for its own transaction).
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  seller_id integer NOT NULL,
  gift_card_id integer,
  transaction_id integer,
  kind text NOT NULL,
  amount numeric(14, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_seller_time ON ledger_entries (seller_id, created_at, id);

-- The journal of the cards already there: approvals at their approval date, allocations at their payout's date.
INSERT INTO ledger_entries (seller_id, gift_card_id, transaction_id, kind, amount, created_at)
SELECT seller_id, id, NULL, 'approved', price - rate, coalesce(approval_date, created_at) FROM gift_cards WHERE card_status = 1;
INSERT INTO ledger_entries (seller_id, gift_card_id, transaction_id, kind, amount, created_at)
SELECT c.seller_id, a.gift_card_id, a.transaction_id, 'payment', -a.amount, t.created_at
  FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id JOIN gift_cards c ON c.id = a.gift_card_id
 WHERE c.card_status = 1;

CREATE FUNCTION ledger_entry(seller integer, card integer, tx integer, k text, delta numeric, at timestamptz) RETURNS void AS $$
BEGIN
  IF delta <> 0 THEN
    INSERT INTO ledger_entries (seller_id, gift_card_id, transaction_id, kind, amount, created_at) VALUES (seller, card, tx, k, delta, at);
  END IF;
END $$ LANGUAGE plpgsql;

-- Report data: cards in dispute per day of their dispute (seller 0: all sellers), kept like the other counts.
ALTER TABLE report_daily ADD COLUMN disputed integer NOT NULL DEFAULT 0;
CREATE FUNCTION report_bump_disputed(ts timestamptz, seller integer, delta integer) RETURNS void AS $$
DECLARE
  d date := (ts AT TIME ZONE (SELECT value FROM app_settings WHERE key = 'report_tz'))::date;
BEGIN
  IF ts IS NULL THEN RETURN; END IF;
  INSERT INTO report_daily (day, seller_id, disputed) VALUES (d, seller, delta), (d, 0, delta)
  ON CONFLICT (seller_id, day) DO UPDATE SET disputed = report_daily.disputed + EXCLUDED.disputed;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION gift_cards_journal() RETURNS trigger AS $$
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
    PERFORM ledger_entry(NEW.seller_id, NEW.id, tx, CASE WHEN new_due < mid THEN 'payment' ELSE 'payment_reversed' END, new_due - mid, now());
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.card_status IS NOT DISTINCT FROM NEW.card_status AND OLD.seller_id = NEW.seller_id
     AND OLD.dispute_date IS NOT DISTINCT FROM NEW.dispute_date THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.card_status = 3 THEN PERFORM report_bump_disputed(OLD.dispute_date, OLD.seller_id, -1); END IF;
  IF TG_OP <> 'DELETE' AND NEW.card_status = 3 THEN PERFORM report_bump_disputed(NEW.dispute_date, NEW.seller_id, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_journal AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_journal();

