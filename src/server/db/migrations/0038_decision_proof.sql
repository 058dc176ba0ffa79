-- Issue 53: proof with a decision. A reviewer who rejects a card, or claws back a paid one, may attach boxes marked on
-- the card's photos (fractions of the photo: x, y, w, h from 0 to 1, with the photo's id) and the evidence the system
-- found (the number read from the photo against the typed one, the number or a photo seen on another card), kept with
-- only this card's own data. The seller sees the current decision's proof; a later change of the card's status
-- supersedes it (functions/gift_cards_proof_supersede.sql), and it stays here for the record.
CREATE TABLE decision_proofs (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('reject', 'clawback')),
  -- [{image_id, x, y, w, h}], at most LIMITS.review.proofRegions.
  regions jsonb NOT NULL DEFAULT '[]'
    CHECK (jsonb_typeof(regions) = 'array' AND jsonb_array_length(regions) <= 8),
  -- [{kind, ...this card's own data}], each kind at most once.
  evidence jsonb NOT NULL DEFAULT '[]'
    CHECK (jsonb_typeof(evidence) = 'array' AND jsonb_array_length(evidence) <= 3),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  superseded_at timestamptz
);
-- A card has at most one current proof: its current decision's.
CREATE UNIQUE INDEX decision_proofs_current ON decision_proofs (gift_card_id) WHERE superseded_at IS NULL;
CREATE INDEX decision_proofs_card ON decision_proofs (gift_card_id);
