-- A payment in one round trip: the whole payment of a card (p_kind 'pay_card', p_card given), a payout or a bulk
-- payment ('payout', 'bulk_payment', p_seller given) as one statement: the checks, the locks in the ledger's order, the
-- transaction, its allocations, the cards' paid amounts and the audit entry (the triggers keep the seller's due and
-- the counters). It answers {"id": N} or {"refuse": why, ...}; the server turns a refusal into its message, and a code
-- already used fails the unique index (23505). A refusal on the rows as last committed needs no lock; an acceptance is
-- checked again with the seller locked (FOR NO KEY UPDATE), then the cards locked by id. "retry": the card moved to
-- another seller between the look and the lock; the server runs the call again.
-- FOUR_EYES: p_approver_may_not_pay refuses a card payment by the card's approver, and a payout allocated to a card the
-- payer approved ({"refuse": "approver_cannot_pay", "card": id}), both asking first_card_approved_by; above
-- p_confirm_above (null: no limit) the payment answers needs_second_staff and the server records it as a pending
-- approval.
-- Payout holds (p_now: the server's clock): a held card is not paid ({"refuse": "card_held", "until": its end}); a payout
-- skips held cards, and what is held is not available ({"refuse": "held", "until": the first hold's end}); the hold is
-- read again once the seller is locked (placing a hold locks the seller too).
CREATE OR REPLACE FUNCTION ledger_pay(p_kind text, p_actor integer, p_card integer, p_seller integer, p_code text, p_code_key text,
                           p_amount numeric, p_approver_may_not_pay boolean, p_confirm_above numeric, p_now timestamptz) RETURNS jsonb AS $$
DECLARE
  c record;
  s record;
  h record;
  due numeric;
  card_ids integer[];
  dues numeric[];
  alloc record;
  mine integer;
BEGIN
  IF p_kind = 'pay_card' THEN
    SELECT seller_id, card_status, card_due(card_status, price, rate, paid_amount) AS left_due, offer_hold_until INTO c
      FROM gift_cards WHERE id = p_card;
    IF NOT FOUND THEN RETURN '{"refuse": "invalid_card"}'; END IF;
    IF c.card_status <> 1 THEN RETURN '{"refuse": "card_not_approved"}'; END IF;
    IF c.left_due <= 0 THEN RETURN '{"refuse": "card_paid"}'; END IF;
    IF p_amount > c.left_due THEN RETURN jsonb_build_object('refuse', 'too_big', 'due', c.left_due::text); END IF;
    SELECT * INTO h FROM card_hold(p_card, c.seller_id, c.offer_hold_until, p_now);
    IF h.until IS NOT NULL THEN RETURN jsonb_build_object('refuse', 'card_held', 'until', h.until); END IF;
    IF p_approver_may_not_pay AND first_card_approved_by(p_actor, ARRAY[p_card]) IS NOT NULL THEN
      RETURN '{"refuse": "approver_cannot_pay"}';
    END IF;
    p_seller := c.seller_id;
    SELECT role, deleted_at IS NULL AS live, seller_due INTO s FROM users WHERE id = p_seller FOR NO KEY UPDATE;
    IF NOT FOUND OR NOT s.live THEN RETURN '{"refuse": "seller_deleted"}'; END IF;
    SELECT seller_id, card_status, card_due(card_status, price, rate, paid_amount) AS left_due, offer_hold_until INTO c
      FROM gift_cards WHERE id = p_card FOR UPDATE;
    IF NOT FOUND THEN RETURN '{"refuse": "invalid_card"}'; END IF;
    IF c.seller_id <> p_seller THEN RETURN '{"refuse": "retry"}'; END IF;
    IF c.card_status <> 1 THEN RETURN '{"refuse": "card_not_approved"}'; END IF;
    IF c.left_due <= 0 THEN RETURN '{"refuse": "card_paid"}'; END IF;
    IF p_amount > c.left_due THEN RETURN jsonb_build_object('refuse', 'too_big', 'due', c.left_due::text); END IF;
    SELECT * INTO h FROM card_hold(p_card, p_seller, c.offer_hold_until, p_now);
    IF h.until IS NOT NULL THEN RETURN jsonb_build_object('refuse', 'card_held', 'until', h.until); END IF;
    -- The seller's due is net of clawbacks: a card payment never pays more than the seller is owed overall.
    IF p_amount > s.seller_due THEN
      RETURN coalesce(ledger_owes(p_seller, s.seller_due), jsonb_build_object('refuse', 'too_big', 'due', s.seller_due::text));
    END IF;
    -- Nor more than is available now: a debit is offset against the cards not held first.
    SELECT coalesce(sum(x.due), 0) AS held, min(x.until) AS first_end INTO h FROM held_cards(p_seller, p_now) x;
    IF p_amount > s.seller_due - h.held THEN
      RETURN jsonb_build_object('refuse', 'held', 'due', greatest(s.seller_due - h.held, 0)::text, 'until', h.first_end);
    END IF;
    IF p_confirm_above IS NOT NULL AND p_amount > p_confirm_above THEN RETURN '{"refuse": "needs_second_staff"}'; END IF;
    RETURN jsonb_build_object('id',
      ledger_record(p_kind, p_actor, p_seller, p_card, p_code, p_code_key, p_amount, ARRAY[p_card], ARRAY[p_amount]));
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
  -- Held cards are skipped; what is held is not available (a debit is offset against the cards not held first).
  SELECT coalesce(sum(x.due), 0) AS held, min(x.until) AS first_end, array_agg(x.id) AS ids INTO h FROM held_cards(p_seller, p_now) x;
  IF h.held > 0 THEN
    SELECT coalesce(array_agg(x.id ORDER BY x.n), '{}'), coalesce(array_agg(x.d ORDER BY x.n), '{}') INTO card_ids, dues
      FROM unnest(card_ids, dues) WITH ORDINALITY AS x(id, d, n) WHERE x.id <> ALL (h.ids);
    due := least(coalesce((SELECT sum(d) FROM unnest(dues) AS d), 0), s.seller_due - h.held);
    IF p_amount > due THEN
      RETURN jsonb_build_object('refuse', 'held', 'due', greatest(due, 0)::text, 'until', h.first_end);
    END IF;
  END IF;
  SELECT * INTO alloc FROM ledger_allocate(card_ids, dues, p_amount);
  -- FOUR_EYES: a payout that would be allocated to a card the payer approved is refused, naming the card.
  IF p_approver_may_not_pay THEN
    mine := first_card_approved_by(p_actor, alloc.ids);
    IF mine IS NOT NULL THEN RETURN jsonb_build_object('refuse', 'approver_cannot_pay', 'card', mine); END IF;
  END IF;
  -- Above the limit the payment waits for a second staff member (the server records it as a pending approval; an
  -- approval runs it again with no limit).
  IF p_confirm_above IS NOT NULL AND p_amount > p_confirm_above THEN RETURN '{"refuse": "needs_second_staff"}'; END IF;
  RETURN jsonb_build_object('id', ledger_record(p_kind, p_actor, p_seller, NULL, p_code, p_code_key, p_amount, alloc.ids, alloc.amounts));
END $$ LANGUAGE plpgsql;
