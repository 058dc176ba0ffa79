-- Issue 54, reviewer figures: the time to decide runs from opening a card (its review claim or lease) to the decision.
-- A claim's claimed_at moves with every renewal (the card page renews it every 3 minutes), so the opening is kept
-- beside it: set when the claim starts, kept while the same reviewer renews it, started again when it had expired or
-- passes to another reviewer. A decision copies its decider's opened_at into the audit entry (details.opened_at).
ALTER TABLE card_review_claims ADD COLUMN opened_at timestamptz NOT NULL DEFAULT now();
UPDATE card_review_claims SET opened_at = claimed_at;

-- The figures read a period's decisions by time: the approvals and rejections of cards, in the order of their time.
CREATE INDEX audit_log_decisions ON audit_log (created_at)
  WHERE entity = 'gift_card' AND action IN ('approve', 'reject');
