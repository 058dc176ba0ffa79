-- Writes an accepted payment: the transaction, its allocations, the cards' paid amounts and the audit entry; answers
-- the transaction's id.
CREATE OR REPLACE FUNCTION ledger_record(p_kind text, p_actor integer, p_seller integer, p_card integer, p_code text, p_code_key text,
                              p_amount numeric, p_ids integer[], p_amounts numeric[]) RETURNS integer AS $$
DECLARE
  tid integer;
BEGIN
  INSERT INTO transactions (code, code_norm, seller_id, transaction_amount, gift_card_id, created_by)
  VALUES (p_code, p_code_key, p_seller, p_amount, p_card, p_actor) RETURNING id INTO tid;
  -- The due journal's payment entries belong to this payout (read by the gift_cards_journal trigger, migration 0010).
  PERFORM set_config('ledger.transaction_id', tid::text, true);
  WITH a AS (
    INSERT INTO transaction_allocations (transaction_id, gift_card_id, amount)
    SELECT tid, x.card_id, x.part FROM unnest(p_ids, p_amounts) AS x(card_id, part) RETURNING gift_card_id, amount
  )
  UPDATE gift_cards g SET paid_amount = g.paid_amount + a.amount, updated_at = now() FROM a WHERE g.id = a.gift_card_id;
  INSERT INTO audit_log (actor_id, action, entity, entity_id, details)
  VALUES (p_actor, p_kind, 'transaction', tid, jsonb_build_object(
    'code', p_code, 'seller_id', p_seller, 'gidcard_id', p_card, 'transaction_amount', p_amount,
    'allocations', (SELECT coalesce(jsonb_agg(jsonb_build_object('gift_card_id', x.card_id, 'amount', x.part) ORDER BY x.n), '[]'::jsonb)
                      FROM unnest(p_ids, p_amounts) WITH ORDINALITY AS x(card_id, part, n))));
  RETURN tid;
END $$ LANGUAGE plpgsql;
