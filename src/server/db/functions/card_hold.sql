-- Whether a card is on hold at p_now, the one rule of payout holds (docs/money.md): its offer's hold (p_offer_until,
-- gift_cards.offer_hold_until) not yet ended, or a staff hold not released nor ended on the card or on its seller.
-- until: when the last of them ends ('infinity' while one lasts until released), null when the card is not held;
-- reason: that hold's reason (null: the offer's hold).
CREATE OR REPLACE FUNCTION card_hold(p_card integer, p_seller integer, p_offer_until timestamptz, p_now timestamptz,
                                     OUT until timestamptz, OUT reason text) AS $$
  SELECT CASE WHEN bool_or(h.until IS NULL) THEN 'infinity'::timestamptz ELSE max(h.until) END,
         (array_agg(h.reason ORDER BY h.until DESC NULLS FIRST))[1]
    FROM (SELECT p_offer_until AS until, NULL::text AS reason WHERE p_offer_until > p_now
          UNION ALL
          SELECT x.until, x.reason FROM payout_holds x
           WHERE x.released_at IS NULL AND x.gift_card_id = p_card AND (x.until IS NULL OR x.until > p_now)
          UNION ALL
          SELECT x.until, x.reason FROM payout_holds x
           WHERE x.released_at IS NULL AND x.seller_id = p_seller AND (x.until IS NULL OR x.until > p_now)) h
$$ LANGUAGE sql STABLE;
