-- FOUR_EYES: the staff member who approved a card may not pay it. The rule's one home: of the given cards, the lowest
-- id that p_actor approved (null: none). ledger_pay asks it for a card payment and a payout's allocation; the server
-- for a payout edit (the cards it pays more) and for a pending payment's checker (the cards the payment paid).
CREATE OR REPLACE FUNCTION first_card_approved_by(p_actor integer, p_card_ids integer[]) RETURNS integer AS $$
  SELECT min(id) FROM gift_cards WHERE id = ANY (p_card_ids) AND approved_by = p_actor
$$ LANGUAGE sql STABLE;
