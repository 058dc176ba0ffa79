-- Issue 54, seller trust (docs/trust.md): a score per seller from their history, recomputed by the seller-trust job
-- when it changes. The score lives on the seller's row (the seller list sorts and filters by it through one index; a
-- seller never scored has 50, the score of an empty history); seller_trust keeps what made it (the factors).
ALTER TABLE users ADD COLUMN trust_score smallint NOT NULL DEFAULT 50 CHECK (trust_score BETWEEN 0 AND 100);
CREATE INDEX users_seller_trust ON users (trust_score, id) WHERE role = 'seller' AND deleted_at IS NULL;

CREATE TABLE seller_trust (
  seller_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- [{key, label, count, points}], in the formula's order (modules/trust/score.ts).
  factors jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- The bands (a policy admins edit, audited): a band holds the scores from its min_score up to the next band's; its
-- hold_days is the payout hold of a card approved while its seller is in it (functions/gift_cards_offer_hold.sql).
CREATE TABLE trust_policy (
  band text PRIMARY KEY CHECK (band IN ('low', 'normal', 'high')),
  min_score smallint NOT NULL CHECK (min_score BETWEEN 0 AND 100),
  hold_days integer NOT NULL CHECK (hold_days BETWEEN 0 AND 365),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  CHECK (band <> 'low' OR min_score = 0)
);
INSERT INTO trust_policy (band, min_score, hold_days) VALUES ('low', 0, 7), ('normal', 40, 0), ('high', 70, 0);

-- The one rule of which band a score is in: [lo, hi) of each band. Everything that needs a band reads this view.
CREATE VIEW trust_bands AS
  SELECT band, min_score AS lo, coalesce(lead(min_score) OVER (ORDER BY min_score), 101) AS hi, hold_days
    FROM trust_policy;

-- Sellers who were there before: each is scored once by the job (a running server with JOBS on takes them).
INSERT INTO jobs (kind, key, owner_id)
SELECT 'seller-trust', id::text, 0 FROM users WHERE role = 'seller' AND deleted_at IS NULL
ON CONFLICT (kind, key) WHERE status = 'queued' AND locked_until IS NULL DO NOTHING;

-- A seller's appeals upheld against them (a factor of the score), read by seller.
CREATE INDEX card_appeals_seller_upheld ON card_appeals (seller_id) WHERE outcome = 'upheld';
