-- Issue 49: a retried card submission answers the first card instead of making a second. The key is the seller's
-- (sent by the Add Gift Card form, one per submission and reused on retry), unique per seller.
ALTER TABLE gift_cards ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX gift_cards_idempotency ON gift_cards (seller_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Jobs fair by seller: whom a job works for (a card read: the card's seller; 0: nobody in particular) and when it was
-- last taken. The next job taken is the oldest of the owner served longest ago, so one seller's hundred photos never
-- hold another's card behind them.
ALTER TABLE jobs ADD COLUMN owner_id integer NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN taken_at timestamptz;
CREATE INDEX jobs_owner_taken ON jobs (owner_id, taken_at DESC NULLS LAST);
-- The chosen owner's oldest due job, by index.
CREATE INDEX jobs_owner_waiting ON jobs (owner_id, run_after, id) WHERE status = 'queued';
