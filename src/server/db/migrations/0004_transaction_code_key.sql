-- Transaction codes are compared normalised: Unicode NFKC, case-insensitive, invisible characters (soft hyphen,
-- zero-width spaces and joiners, word joiners, BOM) removed. 'CENT-2', 'cent-2', 'ＣＥＮＴ－２' and 'CENT-2' with a
-- zero-width space are one code; the unique index answers the second one 'The code already used.'.
CREATE FUNCTION code_key(code text) RETURNS text AS $$
  SELECT lower(normalize(regexp_replace(code, '[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]', '', 'g'), NFKC))
$$ LANGUAGE sql IMMUTABLE;

-- Codes that already collide keep their text with the payout's id added (the oldest keeps its code as it was).
UPDATE transactions t SET code = left(t.code, 80) || '-' || t.id
 WHERE EXISTS (SELECT 1 FROM transactions o WHERE code_key(o.code) = code_key(t.code) AND o.id < t.id);

CREATE UNIQUE INDEX transactions_code_key ON transactions (code_key(code));
