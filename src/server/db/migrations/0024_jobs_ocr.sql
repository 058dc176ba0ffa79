-- Issue 32: background jobs any server instance takes work from, and the card number read off a card's photos.

-- A job waits (status 'queued') until run_after; a runner takes it with FOR UPDATE SKIP LOCKED (two runners never
-- take one job), counts the attempt and leases it until locked_until. Finishing checks that lease (the job's id and
-- attempt, still queued), so a runner that lost its lease (stopped, restarted, too slow) cannot finish it a second
-- time; a lease that runs out makes the job takeable again. A failure waits longer each attempt, then 'failed'.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  -- What the job is about (e.g. the card id): a job already waiting for the same kind and key is not queued twice.
  key text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX jobs_waiting ON jobs (run_after, id) WHERE status = 'queued';
CREATE INDEX jobs_waiting_key ON jobs (kind, key) WHERE status = 'queued';
CREATE INDEX jobs_done_at ON jobs (done_at) WHERE status <> 'queued';

-- What the photos of a card say: only the card-number-like run of digits (12-20 digits), normalised like card
-- numbers, the photo it was read from and the reader's confidence (0-100). Nothing else of the text is kept: PINs
-- and security codes are printed on cards. pending: photos not read yet (new card, photos changed); unreadable: no
-- photo shows such a number. Staff only.
CREATE TABLE card_number_reads (
  gift_card_id integer PRIMARY KEY REFERENCES gift_cards (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'read', 'unreadable')),
  number text,
  -- The number's key (shared/identifiers.ts cardNumberKey), compared with gift_cards.number_key for duplicates.
  number_key text,
  image_id integer REFERENCES gift_card_images (id) ON DELETE SET NULL,
  confidence real,
  read_at timestamptz,
  CHECK ((status = 'read') = (number_key IS NOT NULL AND number IS NOT NULL) OR status = 'pending')
);
CREATE INDEX card_number_reads_key ON card_number_reads (number_key) INCLUDE (gift_card_id) WHERE number_key IS NOT NULL;

-- Each card photo's shape hashes (images/shape-hash.ts): the 8 dHashes of the picture with its borders trimmed, turned
-- by 0/90/180/270 degrees and mirrored, upright first; a mirrored, turned or framed copy of an earlier photo matches.
-- NULL for photos stored before this migration (they are matched by dhash as before).
ALTER TABLE gift_card_images ADD COLUMN shape_hashes bigint[];
