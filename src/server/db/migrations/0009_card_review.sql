-- Card review (issue 14): rejection reasons, card numbers compared normalised, photo hashes, soft review claims.

-- Why a card was rejected (NULL: rejected through the spec's update call without a reason, or not rejected).
ALTER TABLE gift_cards ADD COLUMN reject_reason text
  CHECK (reject_reason IN ('unreadable_image', 'used_or_zero_balance', 'duplicate', 'wrong_card', 'suspected_fraud', 'other'));
ALTER TABLE gift_cards ADD COLUMN reject_note text;

-- Card numbers are compared normalised: Unicode NFKC, case-insensitive, everything but letters and digits ignored
-- (spaces, dashes, dots, slashes...). 'ABCD-1234', 'abcd 1234' and 'ＡＢＣＤ１２３４' are one number; a number
-- with no letter or digit has no key (never a duplicate). Letters outside a-z are dropped too, the same on every
-- locale (PGlite and PostgreSQL alike).
CREATE FUNCTION card_number_key(n text) RETURNS text AS $$
  SELECT nullif(regexp_replace(lower(normalize(n, NFKC)), '[^a-z0-9]', '', 'g'), '')
$$ LANGUAGE sql IMMUTABLE;
CREATE INDEX gift_cards_number_key ON gift_cards (card_number_key(card_number)) WHERE card_number IS NOT NULL;

-- Rejections per reason per day (seller 0: everyone), kept by a trigger like report_daily, read by the report.
-- reason 'none': rejected without a reason.
CREATE TABLE report_reject_reasons (
  day date NOT NULL,
  seller_id integer NOT NULL,
  reason text NOT NULL,
  rejected integer NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, day, reason)
);

CREATE FUNCTION reject_reason_bump(ts timestamptz, seller integer, why text, delta integer) RETURNS void AS $$
DECLARE
  tz text := (SELECT value FROM app_settings WHERE key = 'report_tz');
  d date;
BEGIN
  IF ts IS NULL THEN RETURN; END IF;
  d := (ts AT TIME ZONE tz)::date;
  INSERT INTO report_reject_reasons (day, seller_id, reason, rejected)
  VALUES (d, seller, coalesce(why, 'none'), delta), (d, 0, coalesce(why, 'none'), delta)
  ON CONFLICT (seller_id, day, reason) DO UPDATE SET rejected = report_reject_reasons.rejected + EXCLUDED.rejected;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION gift_cards_reject_reasons() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.card_status = 2 THEN
    IF TG_OP = 'DELETE' OR NEW.card_status IS DISTINCT FROM OLD.card_status OR NEW.rejection_date IS DISTINCT FROM OLD.rejection_date
       OR NEW.reject_reason IS DISTINCT FROM OLD.reject_reason OR NEW.seller_id <> OLD.seller_id THEN
      PERFORM reject_reason_bump(OLD.rejection_date, OLD.seller_id, OLD.reject_reason, -1);
    ELSE
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.card_status = 2 THEN
    PERFORM reject_reason_bump(NEW.rejection_date, NEW.seller_id, NEW.reject_reason, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_reject_reasons AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_reject_reasons();

-- Cards rejected before this migration: counted without a reason.
INSERT INTO report_reject_reasons (day, seller_id, reason, rejected)
SELECT day, coalesce(seller_id, 0), 'none', count(*)::int FROM (
  SELECT (rejection_date AT TIME ZONE (SELECT value FROM app_settings WHERE key = 'report_tz'))::date AS day, seller_id
    FROM gift_cards WHERE card_status = 2 AND rejection_date IS NOT NULL
) d
GROUP BY GROUPING SETS ((day, seller_id), (day));

-- Each card photo's content hash (SHA-256 of the bytes) and perceptual hash (64-bit dHash of the decoded pixels), so a
-- photo sent before, also re-encoded or resized, is flagged. NULL for photos stored before this migration.
ALTER TABLE gift_card_images ADD COLUMN sha256 text;
ALTER TABLE gift_card_images ADD COLUMN dhash bigint;
CREATE INDEX gift_card_images_sha256 ON gift_card_images (sha256) WHERE sha256 IS NOT NULL;

-- A soft claim: who opened a pending card for review, and when. It warns others for 10 minutes; it never blocks.
CREATE TABLE card_review_claims (
  gift_card_id integer PRIMARY KEY REFERENCES gift_cards(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  claimed_at timestamptz NOT NULL DEFAULT now()
);

-- A card's history reads the audit entries of its photos and comments by the card they belonged to.
CREATE INDEX audit_log_card_children ON audit_log ((details->>'giftCardId')) WHERE entity IN ('image', 'comment');
