-- Splits a payment over cards in the order given (ledger_pay passes the payout order: approved earliest first, to the
-- millisecond, then lowest id; ledger/allocate.ts is the same rule in TypeScript): each card takes what it is due until
-- the amount is spent.
CREATE OR REPLACE FUNCTION ledger_allocate(card_ids integer[], dues numeric[], total numeric, OUT ids integer[], OUT amounts numeric[])
AS $$
DECLARE
  left_over numeric := total;
  take numeric;
BEGIN
  ids := '{}';
  amounts := '{}';
  FOR i IN 1 .. coalesce(array_length(card_ids, 1), 0) LOOP
    EXIT WHEN left_over <= 0;
    take := least(left_over, dues[i]);
    IF take > 0 THEN
      ids := ids || card_ids[i];
      amounts := amounts || take;
      left_over := left_over - take;
    END IF;
  END LOOP;
  IF left_over <> 0 THEN RAISE EXCEPTION 'allocation exceeds due'; END IF;
END $$ LANGUAGE plpgsql IMMUTABLE;
