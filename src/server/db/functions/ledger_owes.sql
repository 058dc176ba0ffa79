-- A seller whose due is not above zero because of clawbacks is not paid until later approvals offset the debit;
-- a due of zero without disputed cards keeps the spec's refusal texts (null: no such refusal).
CREATE OR REPLACE FUNCTION ledger_owes(p_seller integer, p_due numeric) RETURNS jsonb AS $$
  SELECT CASE WHEN p_due < 0 OR (p_due = 0 AND EXISTS (
                SELECT 1 FROM gift_cards WHERE seller_id = p_seller AND card_status = 3 AND paid_amount > 0))
              THEN jsonb_build_object('refuse', 'seller_owes', 'due', p_due::text) END
$$ LANGUAGE sql STABLE;
