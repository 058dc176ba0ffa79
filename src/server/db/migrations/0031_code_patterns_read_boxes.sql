-- Issue 52: an offer may say what its codes look like (shared/code-pattern.ts): a pattern of 9 (digit), A (letter),
-- X (either) in groups, and whether a Luhn check digit applies. Neither said: any code of letters and digits.
ALTER TABLE gift_card_offers
  ADD COLUMN code_pattern text CHECK (code_pattern ~ '^[9AX]+([ -][9AX]+)*$' AND length(code_pattern) <= 40),
  ADD COLUMN code_check text CHECK (code_check IN ('luhn'));

-- A read keeps where on its photo the code was found (the photo's own pixels) and which reader made it: the backfill
-- reads again the cards an older reader read (tesseract.js before this issue).
ALTER TABLE card_number_reads
  ADD COLUMN box_x integer,
  ADD COLUMN box_y integer,
  ADD COLUMN box_w integer,
  ADD COLUMN box_h integer,
  ADD COLUMN reader text;
UPDATE card_number_reads SET reader = 'tesseract.js 7' WHERE status <> 'pending';
