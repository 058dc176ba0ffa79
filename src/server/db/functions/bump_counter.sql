-- Row counters, so that page 1 with its total never counts the table. Each counter is 16 shard rows and a change adds
-- to the shard of the database session (backend pid), so submissions and payments of unrelated sellers do not queue on
-- one row. A counter's value is the sum of its shards, kept in the same transaction as the change.
CREATE OR REPLACE FUNCTION bump_counter(counter_name text, delta bigint) RETURNS void AS $$
BEGIN
  INSERT INTO counters (name, shard, value) VALUES (counter_name, pg_backend_pid() % 16, delta)
  ON CONFLICT (name, shard) DO UPDATE SET value = counters.value + EXCLUDED.value;
END $$ LANGUAGE plpgsql;
