-- Linked sellers (issue 54): a card's photo (`sha`, `dh`: its hashes) links the card's seller with each other seller
-- holding a photo of the same bytes or the same dHash (a flat picture's dHash, 0 or -1, matches every blank and is
-- left out). Two index probes; at most 100 other sellers a photo (a picture every seller sends must not make one
-- write link thousands).
CREATE OR REPLACE FUNCTION seller_links_photo(card integer, seller integer, sha text, dh bigint) RETURNS void AS $$
BEGIN
  PERFORM seller_link_add(seller, h.seller_id, 'photo', card, h.gift_card_id, NULL, NULL)
     FROM (SELECT DISTINCT ON (g.seller_id) g.seller_id, m.gift_card_id
             FROM (SELECT i.gift_card_id FROM gift_card_images i WHERE i.sha256 = sha
                   UNION
                   SELECT i.gift_card_id FROM gift_card_images i WHERE i.dhash = dh AND i.dhash NOT IN (0, -1)) m
             JOIN gift_cards g ON g.id = m.gift_card_id
            WHERE g.seller_id <> seller
            ORDER BY g.seller_id, m.gift_card_id
            LIMIT 100) h;
END $$ LANGUAGE plpgsql;
