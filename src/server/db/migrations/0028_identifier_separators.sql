-- Issue 49: the identifier key (shared/identifiers.ts identifierKey) drops every separator, combining mark and symbol
-- of a payout code too (LK-7, LK 7, LK֊7 and LK-7 with a braille blank are one code) and maps small capitals. The
-- TypeScript step that follows this file (db/identifier-keys.ts, as after 0020) recomputes every stored key, the
-- numbers read off photos included, logs the rows that now collide, and creates the unique index on the code key again.
DROP INDEX transactions_code_key;
