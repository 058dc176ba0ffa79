-- Issue 55: the gift card list's column sorts, read from an index instead of sorting every card per page (measured
-- at 1M cards in bench/results.md, "Card list column sorts"). Only indexes.

-- Seller (staff): the sellers in the sort's order (name, then id), each seller's cards by gift_cards_seller_id.
CREATE INDEX users_card_sort ON users ((lower(name) || chr(1) || lpad(id::text, 10, '0')));

-- Card Info: the offers in title order (without an ordered outer the planner sorted every card), each offer's cards
-- in id order.
CREATE INDEX gift_card_offers_title_sort ON gift_card_offers (lower(title));
CREATE INDEX gift_cards_offer_id ON gift_cards (giftcard_offer_id, id);

-- Card Number: the stored key, cards without a number last both ways (two indexes, as approval_date has).
CREATE INDEX gift_cards_number_key_sort ON gift_cards (number_key, id);
CREATE INDEX gift_cards_number_key_sort_desc ON gift_cards (number_key DESC NULLS LAST, id DESC);

-- Age (review_due): only a pending card waits for a review, so the key is its target while pending, else null (last):
-- on All the pending cards first, and the Pending tab's default order read from the same index.
CREATE INDEX gift_cards_review_due_sort ON gift_cards ((CASE WHEN card_status = 0 THEN review_due_at END), id);
