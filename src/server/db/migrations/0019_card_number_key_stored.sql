-- A card's normalised number (card_number_key, migration 0009) stored with its row, as payout codes' are (0018).
-- Every staff list marks each card with how many other cards have its number: computed per row (NFKC, a regular
-- expression) and looked up through the expression index, that mark was a sixth of a 25-row page's cost. One index
-- on the stored key now serves both the mark (an equality, read from the index alone with the id included) and the
-- search's prefix ranges; the two expression indexes go.
ALTER TABLE gift_cards ADD COLUMN number_key text GENERATED ALWAYS AS (card_number_key(card_number)) STORED;
CREATE INDEX gift_cards_number_key_stored ON gift_cards (number_key text_pattern_ops) INCLUDE (card_number, id)
  WHERE number_key IS NOT NULL;
DROP INDEX gift_cards_number_key;
DROP INDEX gift_cards_number_key_prefix_cover;
ANALYZE gift_cards;
