-- The approved cards with something left to pay that are on hold at p_now (card_hold), of one seller or of all
-- (p_seller null), with their due and the hold's end and reason. What is on hold is the sum of their dues; what is
-- available now is the seller's due less it. The candidates come from the indexes (offer holds not ended, or one
-- seller's approved cards; active staff holds), never from a scan of every card.
CREATE OR REPLACE FUNCTION held_cards(p_seller integer, p_now timestamptz)
  RETURNS TABLE (id integer, seller_id integer, due numeric, until timestamptz, reason text) AS $$
  SELECT g.id, g.seller_id, card_due(g.card_status, g.price, g.rate, g.paid_amount), h.until, h.reason
    FROM gift_cards g CROSS JOIN LATERAL card_hold(g.id, g.seller_id, g.offer_hold_until, p_now) h
   WHERE g.id IN (SELECT c.id FROM gift_cards c
                   WHERE p_seller IS NULL AND c.offer_hold_until > p_now AND c.offer_hold_until IS NOT NULL AND c.card_status = 1
                  UNION
                  -- One seller's: from their approved cards (gift_cards_payable_queue), not from every offer hold in
                  -- the marketplace (22 ms a held seller's due at 1M cards, bench/governance.ts).
                  SELECT c.id FROM gift_cards c
                   WHERE p_seller IS NOT NULL AND c.seller_id = p_seller AND c.card_status = 1 AND c.offer_hold_until > p_now
                  UNION
                  SELECT x.gift_card_id FROM payout_holds x
                   WHERE x.released_at IS NULL AND x.gift_card_id IS NOT NULL AND (x.until IS NULL OR x.until > p_now)
                  UNION
                  SELECT c.id FROM payout_holds x JOIN gift_cards c ON c.seller_id = x.seller_id AND c.card_status = 1
                   WHERE x.released_at IS NULL AND x.seller_id IS NOT NULL AND (x.until IS NULL OR x.until > p_now)
                     AND (p_seller IS NULL OR x.seller_id = p_seller))
     AND g.card_status = 1 AND g.paid_amount < g.price - g.rate AND (p_seller IS NULL OR g.seller_id = p_seller)
     AND h.until IS NOT NULL
$$ LANGUAGE sql STABLE;
