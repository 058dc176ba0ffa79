-- A payout code's normalised key (code_key, migration 0004) stored with its row: a code search that meets many
-- matches (`BP-1`) walks the newest transactions and tests each one's key; computing it there (NFKC, a regular
-- expression) cost more than the walk itself. The prefix index moves to the stored key (the unique index stays on
-- the expression: its name is how a taken code is told apart).
ALTER TABLE transactions ADD COLUMN code_norm text GENERATED ALWAYS AS (code_key(code)) STORED;
CREATE INDEX transactions_code_norm_prefix ON transactions (code_norm text_pattern_ops) INCLUDE (id);
DROP INDEX transactions_code_key_prefix_cover;
ANALYZE transactions;
