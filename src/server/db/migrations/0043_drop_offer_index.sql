-- gift_cards_offer (giftcard_offer_id) is the leading column of gift_cards_offer_id (giftcard_offer_id, id), made by
-- 0042 for the Card Info sort, and of two older indexes: anything it served, they serve. One index fewer on every card
-- write.
DROP INDEX IF EXISTS gift_cards_offer;
