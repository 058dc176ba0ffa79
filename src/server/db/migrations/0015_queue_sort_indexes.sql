-- Work queues that sort or range within a filter (bench: EXPLAIN of the work-queue routes at 1M cards): the
-- approved cards by price, a seller's cards of one status by price, one offer's cards by approval date, and one
-- seller's payouts by amount read their page from an index in order instead of sorting every match.
CREATE INDEX gift_cards_status_price ON gift_cards (card_status, price, id);
CREATE INDEX gift_cards_seller_status_price ON gift_cards (seller_id, card_status, price, id);
CREATE INDEX gift_cards_offer_approval ON gift_cards (giftcard_offer_id, approval_date, id);
CREATE INDEX transactions_seller_amount ON transactions (seller_id, transaction_amount, id);

-- A payment changes a card's paid_amount, which no index covers: with room left on each page the new row version
-- stays on its page (a HOT update) and none of the card indexes is touched. Full pages (the default fillfactor 100)
-- make every first payment of a card write an entry into each of them, random reads at a million cards.
ALTER TABLE gift_cards SET (fillfactor = 85);
