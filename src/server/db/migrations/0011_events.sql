-- Live events (GET /api/events). Written by triggers in the same transaction as the change they describe, so an
-- event exists exactly when its change committed, whichever service or statement made it. Each row is also sent
-- with pg_notify on 'gcbo_events' (delivered at commit to every server instance listening); the table keeps them
-- for a bounded time (pruned by the servers) so a client reconnecting with Last-Event-ID gets what it missed.
-- seller_id: the seller the event concerns (a seller's stream carries only theirs); staff receive every event.
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  seller_id integer,
  card_id integer,
  transaction_id integer,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_seller ON events (seller_id, id);
CREATE INDEX events_created ON events (created_at);

CREATE FUNCTION emit_event(kind text, seller integer, card integer, tx integer, payload jsonb) RETURNS void AS $$
DECLARE
  row events;
BEGIN
  INSERT INTO events (type, seller_id, card_id, transaction_id, data) VALUES (kind, seller, card, tx, payload) RETURNING * INTO row;
  PERFORM pg_notify('gcbo_events', json_build_object(
    'id', row.id, 'type', row.type, 'seller_id', row.seller_id, 'card_id', row.card_id,
    'transaction_id', row.transaction_id, 'data', row.data, 'at', row.created_at)::text);
END $$ LANGUAGE plpgsql;

-- Once per transaction and key: a bulk payment moves one seller's due through many card rows, one event says it.
CREATE FUNCTION emit_event_once(kind text, seller integer) RETURNS void AS $$
DECLARE
  k text := 'gcbo_events.' || replace(kind, '.', '_') || '_' || coalesce(seller, 0);
  xid text := txid_current()::text;
BEGIN
  IF current_setting(k, true) IS DISTINCT FROM xid THEN
    PERFORM set_config(k, xid, true);
    PERFORM emit_event(kind, seller, NULL, NULL, '{}'::jsonb);
  END IF;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION gift_cards_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_event('card.submitted', NEW.seller_id, NEW.id, NULL, json_build_object('status', NEW.card_status)::jsonb);
    IF NEW.card_status = 0 THEN PERFORM emit_event_once('pending.changed', NEW.seller_id); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM emit_event('card.deleted', OLD.seller_id, OLD.id, NULL, json_build_object('status', OLD.card_status)::jsonb);
    IF OLD.card_status = 0 THEN PERFORM emit_event_once('pending.changed', OLD.seller_id); END IF;
  ELSIF NEW.card_status IS DISTINCT FROM OLD.card_status THEN
    PERFORM emit_event('card.status', NEW.seller_id, NEW.id, NULL,
      json_build_object('from', OLD.card_status, 'to', NEW.card_status)::jsonb);
    IF OLD.card_status = 0 OR NEW.card_status = 0 THEN PERFORM emit_event_once('pending.changed', NEW.seller_id); END IF;
  ELSIF (NEW.giftcard_offer_id, NEW.price, NEW.rate, NEW.card_number, NEW.description, NEW.seller_id)
        IS DISTINCT FROM (OLD.giftcard_offer_id, OLD.price, OLD.rate, OLD.card_number, OLD.description, OLD.seller_id) THEN
    PERFORM emit_event('card.edited', NEW.seller_id, NEW.id, NULL, '{}'::jsonb);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_events AFTER INSERT OR UPDATE OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_events();

CREATE FUNCTION gift_card_comments_events() RETURNS trigger AS $$
BEGIN
  PERFORM emit_event('comment.added', (SELECT seller_id FROM gift_cards WHERE id = NEW.gift_card_id), NEW.gift_card_id, NULL,
    json_build_object('comment_id', NEW.id, 'user_id', NEW.user_id)::jsonb);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_card_comments_events AFTER INSERT ON gift_card_comments
  FOR EACH ROW EXECUTE FUNCTION gift_card_comments_events();

CREATE FUNCTION transactions_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_event('payment.recorded', NEW.seller_id, NEW.gift_card_id, NEW.id,
      json_build_object('amount', NEW.transaction_amount)::jsonb);
  ELSIF NEW.is_redeem IS DISTINCT FROM OLD.is_redeem THEN
    PERFORM emit_event('redeem.toggled', NEW.seller_id, NEW.gift_card_id, NEW.id, json_build_object('is_redeem', NEW.is_redeem)::jsonb);
  ELSIF (NEW.code, NEW.transaction_amount, NEW.seller_id, NEW.gift_card_id)
        IS DISTINCT FROM (OLD.code, OLD.transaction_amount, OLD.seller_id, OLD.gift_card_id) THEN
    PERFORM emit_event('payment.edited', NEW.seller_id, NEW.gift_card_id, NEW.id, json_build_object('amount', NEW.transaction_amount)::jsonb);
    -- A payout moved to another seller: the one it left hears of it too.
    IF NEW.seller_id <> OLD.seller_id THEN
      PERFORM emit_event('payment.edited', OLD.seller_id, OLD.gift_card_id, NEW.id, '{}'::jsonb);
    END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER transactions_events AFTER INSERT OR UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_events();

CREATE FUNCTION users_due_events() RETURNS trigger AS $$
BEGIN
  PERFORM emit_event_once('due.changed', NEW.id);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER users_due_events AFTER UPDATE OF seller_due ON users
  FOR EACH ROW WHEN (OLD.seller_due IS DISTINCT FROM NEW.seller_due) EXECUTE FUNCTION users_due_events();

-- A revoked token (logout, a deleted user): every instance re-checks that user's open streams and ends the revoked.
CREATE FUNCTION auth_tokens_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('gcbo_sessions', NEW.user_id::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER auth_tokens_revoked AFTER UPDATE OF revoked_at ON auth_tokens
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL) EXECUTE FUNCTION auth_tokens_revoked();
