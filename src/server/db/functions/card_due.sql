-- A card's due, the rule cardDueCents() in shared/money.ts states for TypeScript (db/due-sql.ts calls this one): an
-- approved card owes its seller price - rate - paid; a disputed card is owed back what was paid on it; pending and
-- rejected cards owe nothing.
CREATE OR REPLACE FUNCTION card_due(status smallint, price numeric, rate numeric, paid numeric) RETURNS numeric AS $$
  SELECT CASE WHEN status = 1 THEN price - rate - paid WHEN status = 3 THEN -paid ELSE 0 END
$$ LANGUAGE sql IMMUTABLE;
