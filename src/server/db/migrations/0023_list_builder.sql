-- One list builder (issue 31, docs/lists.md). Deep pages are no longer found through per-block card counts: the UI
-- pages by keyset cursors, and `?page=N` is an OFFSET. The blocks of migration 0014 and their two triggers go.
DROP TRIGGER gift_cards_block_count ON gift_cards;
DROP TRIGGER gift_cards_block_status ON gift_cards;
DROP FUNCTION gift_cards_block_count();
DROP FUNCTION gift_card_block_bump(smallint, integer, integer);
DROP TABLE gift_card_blocks;

-- Card numbers and payout codes are searched anywhere in their stored keys (`7781` finds AMZ-1001-7781): trigram
-- indexes answer LIKE '%...%'. They replace the code key's prefix index (the unique index on code_norm still answers
-- equality); the card number key's index stays for the duplicate marks.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX gift_cards_number_key_trgm ON gift_cards USING gin (number_key gin_trgm_ops);
CREATE INDEX transactions_code_norm_trgm ON transactions USING gin (code_norm gin_trgm_ops);
DROP INDEX transactions_code_norm_prefix;
