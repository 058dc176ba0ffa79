-- A decision's proof (decision_proofs, issue 53) belongs to that decision: when the card's status, or a rejected card's
-- reason, changes by any path (a review, a staff edit, a dispute or its resolution), the current proof is superseded.
-- A new decision's proof is written after its status change, in the same transaction.
CREATE OR REPLACE FUNCTION gift_cards_proof_supersede() RETURNS trigger AS $$
BEGIN
  UPDATE decision_proofs SET superseded_at = now() WHERE gift_card_id = NEW.id AND superseded_at IS NULL;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_cards_proof_supersede AFTER UPDATE OF card_status, reject_reason ON gift_cards
  FOR EACH ROW WHEN (NEW.card_status IS DISTINCT FROM OLD.card_status OR NEW.reject_reason IS DISTINCT FROM OLD.reject_reason)
  EXECUTE FUNCTION gift_cards_proof_supersede();
