-- One row of the due journal (ledger_entries); nothing when the due did not change.
CREATE OR REPLACE FUNCTION ledger_entry(seller integer, card integer, tx integer, k text, delta numeric, at timestamptz) RETURNS void AS $$
BEGIN
  IF delta <> 0 THEN
    INSERT INTO ledger_entries (seller_id, gift_card_id, transaction_id, kind, amount, created_at) VALUES (seller, card, tx, k, delta, at);
  END IF;
END $$ LANGUAGE plpgsql;
