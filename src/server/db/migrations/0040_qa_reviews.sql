-- Issue 54: QA sampling. A share of decisions (per kind, admin-editable) is copied, when it is made, into qa_reviews
-- for a second, blind look by another reviewer; a disagreement goes to an admin, who says which decision was right.
CREATE TABLE qa_policy (
  decision text PRIMARY KEY CHECK (decision IN ('approve', 'reject')),
  -- The share of such decisions sampled, in percent (a policy admins set, not a limit).
  percent smallint NOT NULL CHECK (percent BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);
INSERT INTO qa_policy (decision, percent) VALUES ('approve', 5), ('reject', 10);

CREATE TABLE qa_reviews (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards (id) ON DELETE CASCADE,
  -- The first decision, as made.
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  reject_reason text,
  decided_by integer NOT NULL REFERENCES users (id),
  decided_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'agreed', 'disagreed', 'resolved')),
  -- The second look: another staff member's decision, made without seeing the first.
  qa_by integer REFERENCES users (id),
  qa_decision text CHECK (qa_decision IN ('approve', 'reject')),
  qa_reason text,
  qa_note text,
  qa_at timestamptz,
  -- A disagreement's resolution by an admin: which decision was right.
  resolved_by integer REFERENCES users (id),
  resolution text CHECK (resolution IN ('first', 'qa')),
  resolved_note text,
  resolved_at timestamptz,
  CHECK ((status = 'open') = (qa_by IS NULL)),
  CHECK ((status = 'resolved') = (resolved_by IS NOT NULL))
);
CREATE INDEX qa_reviews_status ON qa_reviews (status, id);
CREATE INDEX qa_reviews_card ON qa_reviews (gift_card_id);
