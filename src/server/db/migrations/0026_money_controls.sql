-- Issue 48: money controls one person cannot split, edit or race around.

-- Versions of what people edit (optimistic concurrency): each write that changes such fields adds 1 in its own
-- statement; counters (paid amounts, dues) and password hashes leave them alone. The ETag is the version.
ALTER TABLE gift_cards ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE transactions ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE gift_card_offers ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;

-- FOUR_EYES: the second staff member who approved a payment (null: its maker alone). A maker's payments to a seller
-- without one count towards the limit over the window.
ALTER TABLE transactions ADD COLUMN checked_by integer REFERENCES users (id);
CREATE INDEX transactions_unchecked_window ON transactions (seller_id, created_by, created_at)
  WHERE checked_by IS NULL AND kind = 0;

-- A change request's values before the edit, and the maker's payments to the seller in the window when it was made.
ALTER TABLE pending_payments ADD COLUMN before jsonb, ADD COLUMN earlier jsonb;

-- Until now an approval claimed its request, paid and finished it in three transactions: a crash in between left it
-- 'approving' for ever. Those are settled here, once: paid (the payment or the edit is in the ledger) is approved, the
-- rest waits again. Approvals are one transaction from now on.
WITH stuck AS (
  SELECT p.id, p.decided_by, p.maker_id, p.seller_id, p.gift_card_id, p.transaction_id, p.kind, p.code, p.amount,
         EXISTS (SELECT 1 FROM transactions t
                  WHERE t.code = p.code AND t.seller_id = p.seller_id AND t.transaction_amount = p.amount
                    AND (p.kind <> 'payout_edit' OR t.id = p.transaction_id)
                    AND (p.kind = 'payout_edit' OR t.created_at >= p.created_at)) AS paid
    FROM pending_payments p WHERE p.status = 'approving'
), settled AS (
  UPDATE pending_payments p
     SET status = CASE WHEN s.paid THEN 'approved' ELSE 'pending' END,
         decided_by = CASE WHEN s.paid THEN p.decided_by END,
         decided_at = CASE WHEN s.paid THEN now() END
    FROM stuck s WHERE p.id = s.id
  RETURNING p.id
)
INSERT INTO audit_log (actor_id, action, entity, entity_id, details)
SELECT s.decided_by, 'payment_approved', 'user', s.seller_id,
       jsonb_build_object('request_id', s.id, 'kind', s.kind, 'code', s.code, 'amount', s.amount, 'seller_id', s.seller_id,
                          'gidcard_id', s.gift_card_id, 'transaction_id', s.transaction_id, 'maker_id', s.maker_id,
                          'recovered', true)
  FROM stuck s JOIN settled USING (id) WHERE s.paid;
