-- Issue 53: a seller's recourse against a decision on their card, within a window after it (LIMITS.appeals): resubmit
-- a rejected card with new photos (it is Pending again at once), or appeal the rejection, or contest a clawback, with a
-- note and photos. One recourse per decision: a decision is its audit entry (the rejection's or the clawback's), and
-- decision_id is unique. An appeal waits in staff's queue until a staff member other than the decision's maker
-- (decided_by, never shown to a seller nor to the staff member deciding) upholds or reverses it.
CREATE TABLE card_appeals (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards (id) ON DELETE CASCADE,
  seller_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  decision_id bigint NOT NULL UNIQUE,
  decision text NOT NULL CHECK (decision IN ('rejection', 'clawback')),
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  decision_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('resubmit', 'appeal')),
  -- LIMITS.text.appealNoteChars.
  note text CHECK (char_length(note) <= 2000),
  -- The photos sent with it (gift_card_images ids: they are the card's photos, with their rules and lifetime).
  image_ids integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  outcome text CHECK (outcome IN ('upheld', 'reversed')),
  outcome_note text CHECK (char_length(outcome_note) <= 2000),
  outcome_by integer REFERENCES users (id) ON DELETE SET NULL,
  outcome_at timestamptz,
  CHECK ((outcome IS NULL) = (outcome_at IS NULL)),
  CHECK (kind = 'appeal' OR outcome IS NULL),
  CHECK (kind = 'appeal' OR decision = 'rejection')
);
-- The queue: open appeals oldest first; decided ones newest first; a card's own.
CREATE INDEX card_appeals_open ON card_appeals (created_at, id) WHERE kind = 'appeal' AND outcome IS NULL;
CREATE INDEX card_appeals_decided ON card_appeals (outcome_at, id) WHERE outcome IS NOT NULL;
CREATE INDEX card_appeals_card ON card_appeals (gift_card_id, id);
