-- Row counters without a global hot row: each counter is kept in 16 shard rows and a change adds to the shard of
-- the database session (backend pid), so card submissions and payments of unrelated sellers no longer queue on
-- one row. A counter's value is the sum of its shards; still exact, still kept in the same transaction.
ALTER TABLE counters ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE counters DROP CONSTRAINT counters_pkey;
ALTER TABLE counters ADD PRIMARY KEY (name, shard);

CREATE OR REPLACE FUNCTION bump_counter(counter_name text, delta bigint) RETURNS void AS $$
BEGIN
  INSERT INTO counters (name, shard, value) VALUES (counter_name, pg_backend_pid() % 16, delta)
  ON CONFLICT (name, shard) DO UPDATE SET value = counters.value + EXCLUDED.value;
END $$ LANGUAGE plpgsql;
