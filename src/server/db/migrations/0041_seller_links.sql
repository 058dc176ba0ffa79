-- Issue 54, linked sellers: two sellers sharing a card number (its key), a photo (the same bytes or the same dHash)
-- or a payout code are linked, one row per pair and signal. The first cards (or payouts) that linked them are kept;
-- staff may mark a link known-good (audited). Filled as cards, photos and payouts are written
-- (functions/seller_link_add.sql and the triggers that call it); this migration fills it for the data already there.
CREATE TABLE seller_links (
  id serial PRIMARY KEY,
  seller_a integer NOT NULL REFERENCES users (id),
  seller_b integer NOT NULL REFERENCES users (id),
  signal text NOT NULL CHECK (signal IN ('card_number', 'photo', 'payout_code')),
  -- The cards that linked them (card_number, photo: gift_card_a is seller_a's, gift_card_b seller_b's).
  gift_card_a integer REFERENCES gift_cards (id) ON DELETE SET NULL,
  gift_card_b integer REFERENCES gift_cards (id) ON DELETE SET NULL,
  -- payout_code: seller_a's payout and seller_b's (one payout moved from one seller to the other: the same id).
  transaction_a integer REFERENCES transactions (id) ON DELETE SET NULL,
  transaction_b integer REFERENCES transactions (id) ON DELETE SET NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  known_good_at timestamptz,
  known_good_by integer REFERENCES users (id),
  -- LIMITS.text.linkNoteChars.
  note text CHECK (char_length(note) <= 500),
  CHECK (seller_a < seller_b),
  CHECK ((known_good_at IS NULL) = (known_good_by IS NULL)),
  UNIQUE (seller_a, seller_b, signal)
);
CREATE INDEX seller_links_b ON seller_links (seller_b);
CREATE INDEX seller_links_card_a ON seller_links (gift_card_a) WHERE gift_card_a IS NOT NULL;
CREATE INDEX seller_links_card_b ON seller_links (gift_card_b) WHERE gift_card_b IS NOT NULL;
-- A photo's dHash is matched exactly (the review's near matches scan; a link must cost an index probe). A flat
-- picture's hash (0 or -1: one colour) matches every blank and is left out, as the review leaves it out.
CREATE INDEX gift_card_images_dhash ON gift_card_images (dhash) WHERE dhash IS NOT NULL AND dhash NOT IN (0, -1);

-- The links of the data already here, oldest cards first, no events (set-based; each signal one statement).
INSERT INTO seller_links (seller_a, seller_b, signal, gift_card_a, gift_card_b)
SELECT DISTINCT ON (a.seller_id, b.seller_id) a.seller_id, b.seller_id, 'card_number', a.id, b.id
  FROM gift_cards a JOIN gift_cards b ON b.number_key = a.number_key AND b.seller_id > a.seller_id
 WHERE a.number_key IS NOT NULL
 ORDER BY a.seller_id, b.seller_id, least(a.id, b.id), a.id, b.id;
-- Photos: the same bytes, or the same dHash (two equality joins: an OR would join row by row).
WITH same AS (
  SELECT ia.gift_card_id AS a, ib.gift_card_id AS b FROM gift_card_images ia
    JOIN gift_card_images ib ON ib.sha256 = ia.sha256 AND ib.gift_card_id <> ia.gift_card_id
  UNION
  SELECT ia.gift_card_id, ib.gift_card_id FROM gift_card_images ia
    JOIN gift_card_images ib ON ib.dhash = ia.dhash AND ib.gift_card_id <> ia.gift_card_id
   WHERE ia.dhash NOT IN (0, -1))
INSERT INTO seller_links (seller_a, seller_b, signal, gift_card_a, gift_card_b)
SELECT DISTINCT ON (ga.seller_id, gb.seller_id) ga.seller_id, gb.seller_id, 'photo', ga.id, gb.id
  FROM same JOIN gift_cards ga ON ga.id = same.a JOIN gift_cards gb ON gb.id = same.b AND gb.seller_id > ga.seller_id
 ORDER BY ga.seller_id, gb.seller_id, least(ga.id, gb.id), ga.id, gb.id;
-- Payout codes are unique, but a payout whose code read like an older one's when keys were recomputed (0020, 0028)
-- kept its code under the key `<key>#<id>`: the older payout's seller and its own share that code.
INSERT INTO seller_links (seller_a, seller_b, signal, transaction_a, transaction_b)
SELECT DISTINCT ON (least(t.seller_id, o.seller_id), greatest(t.seller_id, o.seller_id))
       least(t.seller_id, o.seller_id), greatest(t.seller_id, o.seller_id), 'payout_code',
       CASE WHEN o.seller_id < t.seller_id THEN o.id ELSE t.id END, CASE WHEN o.seller_id < t.seller_id THEN t.id ELSE o.id END
  FROM transactions t JOIN transactions o ON o.code_norm = split_part(t.code_norm, '#', 1) AND o.seller_id <> t.seller_id
 WHERE t.code_norm LIKE '%#%'
 ORDER BY least(t.seller_id, o.seller_id), greatest(t.seller_id, o.seller_id), o.id, t.id
ON CONFLICT DO NOTHING;
ANALYZE seller_links;
