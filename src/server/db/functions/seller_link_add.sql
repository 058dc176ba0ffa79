-- Linked sellers (issue 54): links two sellers by a signal ('card_number', 'photo', 'payout_code') unless they are one
-- seller or that signal links them already (known-good or not: one row per pair and signal). A new link is a
-- staff-only 'seller.linked' event (seller_id null: no seller's stream carries it). `me`: the seller whose card, photo
-- or payout was written, with it (`my_card`, `my_tx`); `other`: the seller it matched, with theirs.
CREATE OR REPLACE FUNCTION seller_link_add(me integer, other integer, sig text, my_card integer, other_card integer,
                                           my_tx integer, other_tx integer) RETURNS void AS $$
DECLARE
  new_id integer;
  mine_first boolean := me < other;
BEGIN
  IF me IS NULL OR other IS NULL OR me = other THEN RETURN; END IF;
  INSERT INTO seller_links (seller_a, seller_b, signal, gift_card_a, gift_card_b, transaction_a, transaction_b)
  VALUES (least(me, other), greatest(me, other), sig,
          CASE WHEN mine_first THEN my_card ELSE other_card END, CASE WHEN mine_first THEN other_card ELSE my_card END,
          CASE WHEN mine_first THEN my_tx ELSE other_tx END, CASE WHEN mine_first THEN other_tx ELSE my_tx END)
  ON CONFLICT (seller_a, seller_b, signal) DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NOT NULL THEN
    PERFORM emit_event('seller.linked', NULL, my_card, my_tx, jsonb_build_object(
      'link_id', new_id, 'signal', sig, 'seller_a', least(me, other), 'seller_b', greatest(me, other)));
  END IF;
END $$ LANGUAGE plpgsql;
