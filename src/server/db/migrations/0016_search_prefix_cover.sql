-- A search's card-number and code arms are ranges on the normalised key (db/list-sql.ts startsWith). With the text
-- and the id in the index, counting up to 10,001 matches of a short prefix reads only the index (an index-only
-- scan), instead of fetching each match's row. These replace the prefix indexes of migration 0013.
CREATE INDEX gift_cards_number_key_prefix_cover ON gift_cards (card_number_key(card_number) text_pattern_ops)
  INCLUDE (card_number, id) WHERE card_number IS NOT NULL;
DROP INDEX gift_cards_number_key_prefix;
CREATE INDEX transactions_code_key_prefix_cover ON transactions (code_key(code) text_pattern_ops) INCLUDE (code, id);
DROP INDEX transactions_code_key_prefix;
