-- Issue 53: the rejection reasons as a table, each with its remedy: what a seller whose card is rejected for it should
-- do. Admins edit the texts (PUT reject-remedies); the seller sees their card's on its page, in their list and in the
-- rejection's notification. The keys stay those of gift_cards.reject_reason (shared/constants.ts REJECT_REASONS).
CREATE TABLE reject_reasons (
  reason text PRIMARY KEY
    CHECK (reason IN ('unreadable_image', 'used_or_zero_balance', 'duplicate', 'wrong_card', 'suspected_fraud', 'other')),
  -- LIMITS.text.remedyChars.
  remedy text NOT NULL CHECK (char_length(remedy) BETWEEN 1 AND 600),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

INSERT INTO reject_reasons (reason, remedy) VALUES
  ('unreadable_image',
   'Take new photos of the front and the back in good light, with the whole card in the frame and the code and PIN sharp, then submit the card again.'),
  ('used_or_zero_balance',
   'Check the balance with the card''s issuer. If the card still holds its value, submit it again with a photo or screenshot of the balance.'),
  ('duplicate',
   'This card number was already submitted. Check your other cards before submitting again; if you think this is a mistake, comment on the card.'),
  ('wrong_card',
   'Submit the card again under the offer that matches its brand, country and value, and check the price you entered.'),
  ('suspected_fraud',
   'We could not accept this card. If you believe this is a mistake, comment on the card with where you got it (a receipt helps).'),
  ('other',
   'Read the note on the card, fix what it asks, and submit the card again. Comment on the card if anything is unclear.');
