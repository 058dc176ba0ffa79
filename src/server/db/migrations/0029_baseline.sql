-- Migrations 0001-0029 squashed (docs/database-functions.md, "The baseline"): the tables, indexes, constraints and seed
-- rows exactly as those migrations left a new database, made from pg_dump of one, and checked against it (pg_dump
-- --schema-only and --data-only of a database migrated by the old files and of one made from this file, with every
-- later migration and the function files after both: identical). Their functions and triggers are not here: the files
-- of src/server/db/functions make them after the migrations, at every start.
--
-- A database that went through 0001-0029 has their names in schema_migrations, and migrate.ts records this file as
-- applied without running it; one that stopped before 0029 must first start once with the last release that carries
-- them (migrate.ts names its commit). Why each table and column is as it is: the old files, in git
-- (`git log -- src/server/db/migrations/`), and schema.ts, which restates every table for Drizzle.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id integer,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id integer,
  details jsonb DEFAULT '{}'::jsonb NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL
);

CREATE TABLE auth_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL,
  token_hash text NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  CONSTRAINT auth_tokens_token_hash_key UNIQUE (token_hash)
);

CREATE TABLE card_number_reads (
  gift_card_id integer PRIMARY KEY,
  status text DEFAULT 'pending'::text NOT NULL,
  number text,
  number_key text,
  image_id integer,
  confidence real,
  read_at timestamptz,
  CONSTRAINT card_number_reads_check CHECK ((((status = 'read'::text) = ((number_key IS NOT NULL) AND (number IS NOT NULL))) OR (status = 'pending'::text))),
  CONSTRAINT card_number_reads_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'read'::text, 'unreadable'::text])))
);

CREATE TABLE card_review_claims (
  gift_card_id integer PRIMARY KEY,
  user_id integer NOT NULL,
  claimed_at timestamptz DEFAULT now() NOT NULL
);

CREATE TABLE counters (
  name text NOT NULL,
  value bigint DEFAULT 0 NOT NULL,
  shard smallint DEFAULT 0 NOT NULL,
  CONSTRAINT counters_pkey PRIMARY KEY (name, shard)
);

CREATE TABLE events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  seller_id integer,
  card_id integer,
  transaction_id integer,
  data jsonb DEFAULT '{}'::jsonb NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL
);

CREATE TABLE gift_card_comments (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL,
  user_id integer NOT NULL,
  comment text NOT NULL,
  image text,
  created_at timestamptz DEFAULT now() NOT NULL
);

CREATE TABLE gift_card_images (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL,
  image text NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL,
  sha256 text,
  dhash bigint,
  shape_hashes bigint[]
);

CREATE TABLE gift_card_offers (
  id serial PRIMARY KEY,
  title text NOT NULL,
  is_active smallint DEFAULT 1 NOT NULL,
  price_type smallint NOT NULL,
  min_price numeric(12,2),
  max_price numeric(12,2),
  fixed_price numeric(12,2)[],
  rate_type smallint NOT NULL,
  rate numeric(12,2) NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL,
  updated_at timestamptz DEFAULT now() NOT NULL,
  review_minutes integer DEFAULT 60 NOT NULL,
  version integer DEFAULT 1 NOT NULL,
  CONSTRAINT gift_card_offers_is_active_check CHECK ((is_active = ANY (ARRAY[0, 1]))),
  CONSTRAINT gift_card_offers_price_type_check CHECK ((price_type = ANY (ARRAY[0, 1]))),
  CONSTRAINT gift_card_offers_rate_check CHECK ((rate >= (0)::numeric)),
  CONSTRAINT gift_card_offers_rate_type_check CHECK ((rate_type = ANY (ARRAY[0, 1]))),
  CONSTRAINT gift_card_offers_review_minutes_check CHECK (((review_minutes >= 1) AND (review_minutes <= 10080)))
);

CREATE TABLE gift_cards (
  id serial PRIMARY KEY,
  giftcard_offer_id integer NOT NULL,
  seller_id integer NOT NULL,
  card_number text,
  price numeric(12,2) NOT NULL,
  rate numeric(12,2) NOT NULL,
  description text,
  card_status smallint DEFAULT 0 NOT NULL,
  paid_amount numeric(12,2) DEFAULT 0 NOT NULL,
  approval_date timestamptz,
  rejection_date timestamptz,
  created_at timestamptz DEFAULT now() NOT NULL,
  updated_at timestamptz DEFAULT now() NOT NULL,
  approved_by integer,
  reject_reason text,
  reject_note text,
  dispute_date timestamptz,
  number_key text,
  review_due_at timestamptz,
  version integer DEFAULT 1 NOT NULL,
  idempotency_key text,
  CONSTRAINT gift_cards_card_status_check CHECK ((card_status = ANY (ARRAY[0, 1, 2, 3]))),
  CONSTRAINT gift_cards_paid_bounds CHECK (((paid_amount >= (0)::numeric) AND (paid_amount <= (price - rate)))),
  CONSTRAINT gift_cards_price_check CHECK ((price >= (0)::numeric)),
  CONSTRAINT gift_cards_rate_check CHECK ((rate >= (0)::numeric)),
  CONSTRAINT gift_cards_reject_reason_check CHECK ((reject_reason = ANY (ARRAY['unreadable_image'::text, 'used_or_zero_balance'::text, 'duplicate'::text, 'wrong_card'::text, 'suspected_fraud'::text, 'other'::text])))
)
WITH (fillfactor='85');

CREATE TABLE image_blobs (
  name text PRIMARY KEY,
  data bytea NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL
);
ALTER TABLE image_blobs ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  key text NOT NULL,
  status text DEFAULT 'queued'::text NOT NULL,
  attempts integer DEFAULT 0 NOT NULL,
  run_after timestamptz DEFAULT now() NOT NULL,
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz DEFAULT now() NOT NULL,
  done_at timestamptz,
  owner_id integer DEFAULT 0 NOT NULL,
  taken_at timestamptz,
  CONSTRAINT jobs_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'done'::text, 'failed'::text])))
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  seller_id integer NOT NULL,
  gift_card_id integer,
  transaction_id integer,
  kind text NOT NULL,
  amount numeric(14,2) NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL
);

CREATE TABLE login_attempts (
  key text PRIMARY KEY,
  failures integer DEFAULT 0 NOT NULL,
  window_start timestamptz DEFAULT now() NOT NULL,
  locked_until timestamptz
);

CREATE TABLE pending_payments (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  maker_id integer NOT NULL,
  seller_id integer NOT NULL,
  gift_card_id integer,
  transaction_id integer,
  code text NOT NULL,
  amount numeric(12,2) NOT NULL,
  status text DEFAULT 'pending'::text NOT NULL,
  decided_by integer,
  decided_at timestamptz,
  decline_reason text,
  created_at timestamptz DEFAULT now() NOT NULL,
  before jsonb,
  earlier jsonb,
  CONSTRAINT pending_payments_amount_check CHECK ((amount > (0)::numeric)),
  CONSTRAINT pending_payments_kind_check CHECK ((kind = ANY (ARRAY['pay_card'::text, 'payout'::text, 'bulk_payment'::text, 'payout_edit'::text]))),
  CONSTRAINT pending_payments_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approving'::text, 'approved'::text, 'declined'::text])))
);

CREATE TABLE report_daily (
  day date NOT NULL,
  seller_id integer NOT NULL,
  approved integer DEFAULT 0 NOT NULL,
  rejected integer DEFAULT 0 NOT NULL,
  disputed integer DEFAULT 0 NOT NULL,
  CONSTRAINT report_daily_pkey PRIMARY KEY (seller_id, day)
);

CREATE TABLE report_reject_reasons (
  day date NOT NULL,
  seller_id integer NOT NULL,
  reason text NOT NULL,
  rejected integer DEFAULT 0 NOT NULL,
  CONSTRAINT report_reject_reasons_pkey PRIMARY KEY (seller_id, day, reason)
);

CREATE TABLE review_overdue_notices (
  gift_card_id integer PRIMARY KEY,
  noticed_at timestamptz DEFAULT now() NOT NULL
);

CREATE TABLE seller_card_counts (
  seller_id integer NOT NULL,
  status smallint NOT NULL,
  n integer NOT NULL,
  CONSTRAINT seller_card_counts_pkey PRIMARY KEY (seller_id, status)
);

CREATE TABLE transaction_allocations (
  id serial PRIMARY KEY,
  transaction_id integer NOT NULL,
  gift_card_id integer NOT NULL,
  amount numeric(12,2) NOT NULL,
  CONSTRAINT transaction_allocations_amount_check CHECK ((amount > (0)::numeric))
);

CREATE TABLE transactions (
  id serial PRIMARY KEY,
  code text NOT NULL,
  seller_id integer NOT NULL,
  transaction_amount numeric(12,2) NOT NULL,
  is_redeem smallint DEFAULT 0 NOT NULL,
  gift_card_id integer,
  created_by integer,
  created_at timestamptz DEFAULT now() NOT NULL,
  updated_at timestamptz DEFAULT now() NOT NULL,
  kind smallint DEFAULT 0 NOT NULL,
  code_norm text,
  version integer DEFAULT 1 NOT NULL,
  checked_by integer,
  CONSTRAINT transactions_amount_sign CHECK ((((kind = 1) AND (transaction_amount < (0)::numeric)) OR ((kind <> 1) AND (transaction_amount > (0)::numeric)))),
  CONSTRAINT transactions_is_redeem_check CHECK ((is_redeem = ANY (ARRAY[0, 1]))),
  CONSTRAINT transactions_kind_check CHECK ((kind = ANY (ARRAY[0, 1, 2])))
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL,
  rate numeric(12,2),
  seller_due numeric(14,2) DEFAULT 0 NOT NULL,
  card_count integer DEFAULT 0 NOT NULL,
  transaction_count integer DEFAULT 0 NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL,
  updated_at timestamptz DEFAULT now() NOT NULL,
  deleted_at timestamptz,
  version integer DEFAULT 1 NOT NULL,
  CONSTRAINT users_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'manager'::text, 'seller'::text])))
);

CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_card_children ON audit_log (((details ->> 'giftCardId'::text))) WHERE (entity = ANY (ARRAY['image'::text, 'comment'::text]));
CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_record ON audit_log (entity, entity_id, id);

CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

CREATE INDEX card_number_reads_key ON card_number_reads (number_key) INCLUDE (gift_card_id) WHERE (number_key IS NOT NULL);

CREATE INDEX card_review_claims_user ON card_review_claims (user_id, claimed_at);

CREATE INDEX events_created ON events (created_at);
CREATE INDEX events_seller ON events (seller_id, id);

CREATE INDEX gift_card_comments_card ON gift_card_comments (gift_card_id, id DESC);

CREATE INDEX gift_card_images_card ON gift_card_images (gift_card_id);
CREATE INDEX gift_card_images_sha256 ON gift_card_images (sha256) WHERE (sha256 IS NOT NULL);

CREATE INDEX gift_cards_approval_date ON gift_cards (approval_date, id);
CREATE INDEX gift_cards_approval_date_desc ON gift_cards (approval_date DESC NULLS LAST, id DESC);
CREATE INDEX gift_cards_card_number ON gift_cards (card_number) WHERE (card_number IS NOT NULL);
CREATE INDEX gift_cards_created_at ON gift_cards (created_at, id);
CREATE UNIQUE INDEX gift_cards_idempotency ON gift_cards (seller_id, idempotency_key) WHERE (idempotency_key IS NOT NULL);
CREATE INDEX gift_cards_number_key_stored ON gift_cards (number_key text_pattern_ops) INCLUDE (card_number, id) WHERE (number_key IS NOT NULL);
CREATE INDEX gift_cards_number_key_trgm ON gift_cards USING gin (number_key gin_trgm_ops);
CREATE INDEX gift_cards_offer ON gift_cards (giftcard_offer_id);
CREATE INDEX gift_cards_offer_approval ON gift_cards (giftcard_offer_id, approval_date, id);
CREATE INDEX gift_cards_offer_status_id ON gift_cards (giftcard_offer_id, card_status, id);
CREATE INDEX gift_cards_payable_queue ON gift_cards (seller_id, approval_date, id) WHERE (card_status = 1);
CREATE INDEX gift_cards_price_id ON gift_cards (price, id);
CREATE INDEX gift_cards_rejection_date ON gift_cards (rejection_date, id) WHERE (rejection_date IS NOT NULL);
CREATE INDEX gift_cards_review_queue ON gift_cards (review_due_at, id) WHERE (card_status = 0);
CREATE INDEX gift_cards_seller_id ON gift_cards (seller_id, id DESC);
CREATE INDEX gift_cards_seller_status_id ON gift_cards (seller_id, card_status, id);
CREATE INDEX gift_cards_seller_status_price ON gift_cards (seller_id, card_status, price, id);
CREATE INDEX gift_cards_status_id ON gift_cards (card_status, id);
CREATE INDEX gift_cards_status_price ON gift_cards (card_status, price, id);

CREATE INDEX jobs_done_at ON jobs (done_at) WHERE (status <> 'queued'::text);
CREATE INDEX jobs_owner_taken ON jobs (owner_id, taken_at DESC NULLS LAST);
CREATE INDEX jobs_owner_waiting ON jobs (owner_id, run_after, id) WHERE (status = 'queued'::text);
CREATE INDEX jobs_waiting ON jobs (run_after, id) WHERE (status = 'queued'::text);
CREATE INDEX jobs_waiting_key ON jobs (kind, key) WHERE (status = 'queued'::text);

CREATE INDEX ledger_entries_seller_time ON ledger_entries (seller_id, created_at, id);

CREATE INDEX pending_payments_open ON pending_payments (id DESC) WHERE (status = 'pending'::text);

CREATE INDEX report_daily_seller_day_counts ON report_daily (seller_id, day) INCLUDE (approved, rejected);

CREATE INDEX transaction_allocations_card ON transaction_allocations (gift_card_id);
CREATE INDEX transaction_allocations_tx ON transaction_allocations (transaction_id);

CREATE INDEX transactions_amount_id ON transactions (transaction_amount, id);
CREATE UNIQUE INDEX transactions_code ON transactions (code);
CREATE UNIQUE INDEX transactions_code_key ON transactions (code_norm);
CREATE INDEX transactions_code_norm_trgm ON transactions USING gin (code_norm gin_trgm_ops);
CREATE INDEX transactions_created_at ON transactions (created_at, id);
CREATE INDEX transactions_seller ON transactions (seller_id, id DESC);
CREATE INDEX transactions_seller_amount ON transactions (seller_id, transaction_amount, id);
CREATE INDEX transactions_unchecked_window ON transactions (seller_id, created_by, created_at) WHERE ((checked_by IS NULL) AND (kind = 0));

CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE (deleted_at IS NULL);
CREATE INDEX users_email_prefix ON users (lower(email) text_pattern_ops);
CREATE INDEX users_name_lower ON users (lower(name)) WHERE (deleted_at IS NULL);
CREATE INDEX users_name_prefix ON users (lower(name) text_pattern_ops);
CREATE INDEX users_role_id ON users (role, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX users_seller_due ON users (seller_due, id) WHERE ((role = 'seller'::text) AND (deleted_at IS NULL));

ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id);

ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE card_number_reads ADD CONSTRAINT card_number_reads_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id) ON DELETE CASCADE;
ALTER TABLE card_number_reads ADD CONSTRAINT card_number_reads_image_id_fkey FOREIGN KEY (image_id) REFERENCES gift_card_images(id) ON DELETE SET NULL;

ALTER TABLE card_review_claims ADD CONSTRAINT card_review_claims_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id) ON DELETE CASCADE;
ALTER TABLE card_review_claims ADD CONSTRAINT card_review_claims_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

ALTER TABLE gift_card_comments ADD CONSTRAINT gift_card_comments_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id) ON DELETE CASCADE;
ALTER TABLE gift_card_comments ADD CONSTRAINT gift_card_comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);

ALTER TABLE gift_card_images ADD CONSTRAINT gift_card_images_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id) ON DELETE CASCADE;

ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_giftcard_offer_id_fkey FOREIGN KEY (giftcard_offer_id) REFERENCES gift_card_offers(id);
ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES users(id);

ALTER TABLE pending_payments ADD CONSTRAINT pending_payments_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES users(id);
ALTER TABLE pending_payments ADD CONSTRAINT pending_payments_maker_id_fkey FOREIGN KEY (maker_id) REFERENCES users(id);
ALTER TABLE pending_payments ADD CONSTRAINT pending_payments_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES users(id);

ALTER TABLE review_overdue_notices ADD CONSTRAINT review_overdue_notices_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id) ON DELETE CASCADE;

ALTER TABLE seller_card_counts ADD CONSTRAINT seller_card_counts_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES users(id) ON DELETE CASCADE;

ALTER TABLE transaction_allocations ADD CONSTRAINT transaction_allocations_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id);
ALTER TABLE transaction_allocations ADD CONSTRAINT transaction_allocations_transaction_id_fkey FOREIGN KEY (transaction_id) REFERENCES transactions(id) ON DELETE CASCADE;

ALTER TABLE transactions ADD CONSTRAINT transactions_checked_by_fkey FOREIGN KEY (checked_by) REFERENCES users(id);
ALTER TABLE transactions ADD CONSTRAINT transactions_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id);
ALTER TABLE transactions ADD CONSTRAINT transactions_gift_card_id_fkey FOREIGN KEY (gift_card_id) REFERENCES gift_cards(id);
ALTER TABLE transactions ADD CONSTRAINT transactions_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES users(id);

INSERT INTO app_settings (key, value) VALUES
  ('report_tz', 'UTC');

INSERT INTO counters (name, value, shard) VALUES
  ('gift_cards_status_0', 0, 0),
  ('gift_cards_status_1', 0, 0),
  ('gift_cards_status_2', 0, 0),
  ('gift_cards_status_3', 0, 0);
