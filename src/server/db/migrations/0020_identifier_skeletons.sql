-- Card numbers and payout codes are compared by their confusable skeleton (issue 30; shared/identifiers.ts): a
-- confusables table is data the server has in TypeScript, so the keys are computed there on every write and stored
-- (code_norm, number_key become plain columns). The TypeScript step that follows this file (db/identifier-keys.ts)
-- recomputes every stored key, logs the rows that now collide, and creates the unique index on the stored code key.
DROP INDEX transactions_code_key;
ALTER TABLE transactions ALTER COLUMN code_norm DROP EXPRESSION;
ALTER TABLE gift_cards ALTER COLUMN number_key DROP EXPRESSION;
DROP FUNCTION code_key(text);
DROP FUNCTION card_number_key(text);

-- A payment's code key is passed in with its code (the rest of ledger_pay is migration 0012's, unchanged).
DROP FUNCTION ledger_pay(text, integer, integer, integer, text, numeric, boolean, numeric);
DROP FUNCTION ledger_record(text, integer, integer, integer, text, numeric, integer[], numeric[]);

CREATE FUNCTION ledger_record(p_kind text, p_actor integer, p_seller integer, p_card integer, p_code text, p_code_key text,
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

CREATE FUNCTION ledger_pay(p_kind text, p_actor integer, p_card integer, p_seller integer, p_code text, p_code_key text,
                           p_amount numeric, p_approver_may_not_pay boolean, p_confirm_above numeric) RETURNS jsonb AS $$
DECLARE
  c record;
  s record;
  due numeric;
  card_ids integer[];
  dues numeric[];
  alloc record;
  owes jsonb;
BEGIN
  IF p_kind = 'pay_card' THEN
    SELECT seller_id, card_status, card_due(card_status, price, rate, paid_amount) AS left_due, approved_by INTO c FROM gift_cards WHERE id = p_card;
    IF NOT FOUND THEN RETURN '{"refuse": "invalid_card"}'; END IF;
    IF c.card_status <> 1 THEN RETURN '{"refuse": "card_not_approved"}'; END IF;
    IF c.left_due <= 0 THEN RETURN '{"refuse": "card_paid"}'; END IF;
    IF p_amount > c.left_due THEN RETURN jsonb_build_object('refuse', 'too_big', 'due', c.left_due::text); END IF;
    IF p_approver_may_not_pay AND c.approved_by = p_actor THEN RETURN '{"refuse": "approver_cannot_pay"}'; END IF;
    p_seller := c.seller_id;
    SELECT role, deleted_at IS NULL AS live, seller_due INTO s FROM users WHERE id = p_seller FOR NO KEY UPDATE;
    IF NOT FOUND OR NOT s.live THEN RETURN '{"refuse": "seller_deleted"}'; END IF;
    SELECT seller_id, card_status, card_due(card_status, price, rate, paid_amount) AS left_due INTO c FROM gift_cards WHERE id = p_card FOR UPDATE;
    IF NOT FOUND THEN RETURN '{"refuse": "invalid_card"}'; END IF;
    IF c.seller_id <> p_seller THEN RETURN '{"refuse": "retry"}'; END IF;
    IF c.card_status <> 1 THEN RETURN '{"refuse": "card_not_approved"}'; END IF;
    IF c.left_due <= 0 THEN RETURN '{"refuse": "card_paid"}'; END IF;
    IF p_amount > c.left_due THEN RETURN jsonb_build_object('refuse', 'too_big', 'due', c.left_due::text); END IF;
    -- The seller's due is net of clawbacks: a card payment never pays more than the seller is owed overall.
    IF p_amount > s.seller_due THEN
      RETURN coalesce(ledger_owes(p_seller, s.seller_due), jsonb_build_object('refuse', 'too_big', 'due', s.seller_due::text));
    END IF;
    RETURN jsonb_build_object('id', ledger_record(p_kind, p_actor, p_seller, p_card, p_code, p_code_key, p_amount, ARRAY[p_card], ARRAY[p_amount]));
  END IF;

  SELECT role, deleted_at IS NULL AS live, seller_due INTO s FROM users WHERE id = p_seller;
  IF NOT FOUND OR s.role <> 'seller' OR NOT s.live THEN RETURN '{"refuse": "invalid_seller"}'; END IF;
  IF p_amount > s.seller_due THEN
    RETURN coalesce(ledger_owes(p_seller, s.seller_due), jsonb_build_object('refuse', 'too_big', 'due', s.seller_due::text));
  END IF;
  SELECT role, deleted_at IS NULL AS live, seller_due INTO s FROM users WHERE id = p_seller FOR NO KEY UPDATE;
  IF NOT FOUND OR s.role <> 'seller' OR NOT s.live THEN RETURN '{"refuse": "invalid_seller"}'; END IF;
  SELECT array_agg(l.id ORDER BY date_trunc('milliseconds', l.approval_date) NULLS FIRST, l.id),
         array_agg(l.left_due ORDER BY date_trunc('milliseconds', l.approval_date) NULLS FIRST, l.id)
    INTO card_ids, dues
    FROM (SELECT id, approval_date, card_due(card_status, price, rate, paid_amount) AS left_due FROM gift_cards
           WHERE seller_id = p_seller AND card_status = 1 AND paid_amount < price - rate ORDER BY id FOR UPDATE) l;
  -- The cards' dues, less what disputed cards' clawbacks still take off (the seller's due is the net of both).
  due := least(coalesce((SELECT sum(d) FROM unnest(dues) AS d), 0), s.seller_due);
  IF p_amount > due THEN
    RETURN coalesce(ledger_owes(p_seller, s.seller_due), jsonb_build_object('refuse', 'too_big', 'due', due::text));
  END IF;
  IF p_confirm_above IS NOT NULL AND p_amount > p_confirm_above THEN
    DELETE FROM payout_confirmations p
     WHERE p.code_key = p_code_key AND p.seller_id = p_seller AND p.amount = p_amount
       AND p.requested_by <> p_actor AND p.created_at > now() - interval '1 day';
    IF NOT FOUND THEN RETURN '{"refuse": "needs_second_staff"}'; END IF;
  END IF;
  SELECT * INTO alloc FROM ledger_allocate(card_ids, dues, p_amount);
  RETURN jsonb_build_object('id', ledger_record(p_kind, p_actor, p_seller, NULL, p_code, p_code_key, p_amount, alloc.ids, alloc.amounts));
END $$ LANGUAGE plpgsql;
