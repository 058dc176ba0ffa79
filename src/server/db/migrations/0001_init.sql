-- Initial schema: the whole spec. Money is numeric(12,2); never floating point.
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO app_settings (key, value) VALUES ('report_tz', 'UTC');

CREATE TABLE counters (
  name text PRIMARY KEY,
  value bigint NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'manager', 'seller')),
  rate numeric(12,2),
  -- Denormalised for cheap reads, maintained by triggers below.
  seller_due numeric(14,2) NOT NULL DEFAULT 0 CHECK (seller_due >= 0),
  card_count integer NOT NULL DEFAULT 0,
  transaction_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX users_name_lower ON users (lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX users_role_id ON users (role, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE auth_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

CREATE TABLE login_attempts (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE TABLE gift_card_offers (
  id serial PRIMARY KEY,
  title text NOT NULL,
  is_active smallint NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  price_type smallint NOT NULL CHECK (price_type IN (0, 1)),
  min_price numeric(12,2),
  max_price numeric(12,2),
  fixed_price numeric(12,2)[],
  rate_type smallint NOT NULL CHECK (rate_type IN (0, 1)),
  rate numeric(12,2) NOT NULL CHECK (rate >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_cards (
  id serial PRIMARY KEY,
  giftcard_offer_id integer NOT NULL REFERENCES gift_card_offers(id),
  seller_id integer NOT NULL REFERENCES users(id),
  card_number text,
  price numeric(12,2) NOT NULL CHECK (price >= 0),
  rate numeric(12,2) NOT NULL CHECK (rate >= 0),
  description text,
  card_status smallint NOT NULL DEFAULT 0 CHECK (card_status IN (0, 1, 2)),
  paid_amount numeric(12,2) NOT NULL DEFAULT 0,
  approval_date timestamptz,
  rejection_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gift_cards_paid_bounds CHECK (paid_amount >= 0 AND paid_amount <= price - rate)
);
CREATE INDEX gift_cards_seller_id ON gift_cards (seller_id, id DESC);
CREATE INDEX gift_cards_offer ON gift_cards (giftcard_offer_id);
CREATE INDEX gift_cards_card_number ON gift_cards (card_number) WHERE card_number IS NOT NULL;
CREATE INDEX gift_cards_payable_queue ON gift_cards (seller_id, approval_date, id) WHERE card_status = 1;

CREATE TABLE gift_card_images (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards(id) ON DELETE CASCADE,
  image text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_images_card ON gift_card_images (gift_card_id);

CREATE TABLE gift_card_comments (
  id serial PRIMARY KEY,
  gift_card_id integer NOT NULL REFERENCES gift_cards(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id),
  comment text NOT NULL,
  image text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_comments_card ON gift_card_comments (gift_card_id, id DESC);

CREATE TABLE transactions (
  id serial PRIMARY KEY,
  code text NOT NULL,
  seller_id integer NOT NULL REFERENCES users(id),
  transaction_amount numeric(12,2) NOT NULL CHECK (transaction_amount > 0),
  is_redeem smallint NOT NULL DEFAULT 0 CHECK (is_redeem IN (0, 1)),
  gift_card_id integer REFERENCES gift_cards(id),
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX transactions_code ON transactions (code);
CREATE INDEX transactions_seller ON transactions (seller_id, id DESC);

CREATE TABLE transaction_allocations (
  id serial PRIMARY KEY,
  transaction_id integer NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
  gift_card_id integer NOT NULL REFERENCES gift_cards(id),
  amount numeric(12,2) NOT NULL CHECK (amount > 0)
);
CREATE INDEX transaction_allocations_tx ON transaction_allocations (transaction_id);
CREATE INDEX transaction_allocations_card ON transaction_allocations (gift_card_id);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id integer REFERENCES users(id),
  action text NOT NULL,
  entity text NOT NULL,
  entity_id integer,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);

-- Per-day approval/rejection counts; seller_id 0 holds the all-sellers total.
CREATE TABLE report_daily (
  day date NOT NULL,
  seller_id integer NOT NULL,
  approved integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, day)
);

-- Row counters so that page 1 with its total never counts the table.
CREATE FUNCTION bump_counter(counter_name text, delta bigint) RETURNS void AS $$
BEGIN
  INSERT INTO counters (name, value) VALUES (counter_name, delta)
  ON CONFLICT (name) DO UPDATE SET value = counters.value + EXCLUDED.value;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION report_bump(ts timestamptz, seller integer, d_approved integer, d_rejected integer) RETURNS void AS $$
DECLARE
  tz text := (SELECT value FROM app_settings WHERE key = 'report_tz');
  d date;
BEGIN
  IF ts IS NULL THEN RETURN; END IF;
  d := (ts AT TIME ZONE tz)::date;
  INSERT INTO report_daily (day, seller_id, approved, rejected) VALUES (d, seller, d_approved, d_rejected), (d, 0, d_approved, d_rejected)
  ON CONFLICT (seller_id, day) DO UPDATE SET approved = report_daily.approved + EXCLUDED.approved,
                                             rejected = report_daily.rejected + EXCLUDED.rejected;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION card_due(status smallint, price numeric, rate numeric, paid numeric) RETURNS numeric AS $$
  SELECT CASE WHEN status = 1 THEN price - rate - paid ELSE 0 END
$$ LANGUAGE sql IMMUTABLE;

CREATE FUNCTION gift_cards_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_counter('gift_cards', 1);
    UPDATE users SET card_count = card_count + 1,
                     seller_due = seller_due + card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
     WHERE id = NEW.seller_id;
    IF NEW.card_status = 1 THEN PERFORM report_bump(NEW.approval_date, NEW.seller_id, 1, 0); END IF;
    IF NEW.card_status = 2 THEN PERFORM report_bump(NEW.rejection_date, NEW.seller_id, 0, 1); END IF;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_counter('gift_cards', -1);
    UPDATE users SET card_count = card_count - 1,
                     seller_due = seller_due - card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount)
     WHERE id = OLD.seller_id;
    IF OLD.card_status = 1 THEN PERFORM report_bump(OLD.approval_date, OLD.seller_id, -1, 0); END IF;
    IF OLD.card_status = 2 THEN PERFORM report_bump(OLD.rejection_date, OLD.seller_id, 0, -1); END IF;
    RETURN OLD;
  ELSE
    IF NEW.seller_id <> OLD.seller_id THEN
      UPDATE users SET card_count = card_count - 1,
                       seller_due = seller_due - card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount)
       WHERE id = OLD.seller_id;
      UPDATE users SET card_count = card_count + 1,
                       seller_due = seller_due + card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
       WHERE id = NEW.seller_id;
    ELSIF card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount) <> card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount) THEN
      UPDATE users SET seller_due = seller_due - card_due(OLD.card_status, OLD.price, OLD.rate, OLD.paid_amount)
                                               + card_due(NEW.card_status, NEW.price, NEW.rate, NEW.paid_amount)
       WHERE id = NEW.seller_id;
    END IF;
    IF OLD.card_status IS DISTINCT FROM NEW.card_status OR OLD.approval_date IS DISTINCT FROM NEW.approval_date
       OR OLD.rejection_date IS DISTINCT FROM NEW.rejection_date OR OLD.seller_id <> NEW.seller_id THEN
      IF OLD.card_status = 1 THEN PERFORM report_bump(OLD.approval_date, OLD.seller_id, -1, 0); END IF;
      IF OLD.card_status = 2 THEN PERFORM report_bump(OLD.rejection_date, OLD.seller_id, 0, -1); END IF;
      IF NEW.card_status = 1 THEN PERFORM report_bump(NEW.approval_date, NEW.seller_id, 1, 0); END IF;
      IF NEW.card_status = 2 THEN PERFORM report_bump(NEW.rejection_date, NEW.seller_id, 0, 1); END IF;
    END IF;
    RETURN NEW;
  END IF;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_maintain AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_maintain();

CREATE FUNCTION transactions_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_counter('transactions', 1);
    UPDATE users SET transaction_count = transaction_count + 1 WHERE id = NEW.seller_id;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_counter('transactions', -1);
    UPDATE users SET transaction_count = transaction_count - 1 WHERE id = OLD.seller_id;
    RETURN OLD;
  ELSIF NEW.seller_id <> OLD.seller_id THEN
    UPDATE users SET transaction_count = transaction_count - 1 WHERE id = OLD.seller_id;
    UPDATE users SET transaction_count = transaction_count + 1 WHERE id = NEW.seller_id;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER transactions_maintain AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_maintain();

CREATE FUNCTION users_maintain() RETURNS trigger AS $$
DECLARE
  old_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  new_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
BEGIN
  IF old_live THEN
    PERFORM bump_counter('users', -1);
    IF OLD.role = 'seller' THEN PERFORM bump_counter('sellers', -1); END IF;
  END IF;
  IF new_live THEN
    PERFORM bump_counter('users', 1);
    IF NEW.role = 'seller' THEN PERFORM bump_counter('sellers', 1); END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER users_maintain AFTER INSERT OR DELETE OR UPDATE OF role, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION users_maintain();

CREATE FUNCTION offers_maintain() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM bump_counter('offers', 1); ELSE PERFORM bump_counter('offers', -1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER offers_maintain AFTER INSERT OR DELETE ON gift_card_offers
  FOR EACH ROW EXECUTE FUNCTION offers_maintain();
