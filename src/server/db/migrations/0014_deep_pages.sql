-- Deep pages without scanning what they skip. The cards are counted per block of 4,096 ids, for every card
-- (status -1) and per status, kept by triggers in the same transaction: page N of the newest-first list (all cards or
-- one status) finds its block by summing a few hundred counts, then skips fewer than 4,096 ids inside it.
-- Like the row counters (0005), each block's count is kept in shard rows (backend pid), so concurrent submissions
-- do not queue on the newest block's row; a count is the sum of its shards, exact.
CREATE TABLE gift_card_blocks (
  status smallint NOT NULL,
  block integer NOT NULL,
  shard smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (status, block, shard)
);

CREATE FUNCTION gift_card_block_bump(s smallint, card_id integer, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO gift_card_blocks (status, block, shard, n) VALUES (s, card_id / 4096, pg_backend_pid() % 4, delta)
  ON CONFLICT (status, block, shard) DO UPDATE SET n = gift_card_blocks.n + EXCLUDED.n;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION gift_cards_block_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM gift_card_block_bump(-1::smallint, NEW.id, 1);
    PERFORM gift_card_block_bump(NEW.card_status, NEW.id, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM gift_card_block_bump(-1::smallint, OLD.id, -1);
    PERFORM gift_card_block_bump(OLD.card_status, OLD.id, -1);
  ELSE
    PERFORM gift_card_block_bump(OLD.card_status, OLD.id, -1);
    PERFORM gift_card_block_bump(NEW.card_status, NEW.id, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER gift_cards_block_count AFTER INSERT OR DELETE ON gift_cards
  FOR EACH ROW EXECUTE FUNCTION gift_cards_block_count();
CREATE TRIGGER gift_cards_block_status AFTER UPDATE OF card_status ON gift_cards
  FOR EACH ROW WHEN (OLD.card_status IS DISTINCT FROM NEW.card_status) EXECUTE FUNCTION gift_cards_block_count();

INSERT INTO gift_card_blocks (status, block, shard, n)
SELECT -1, id / 4096, 0, count(*) FROM gift_cards GROUP BY id / 4096
UNION ALL
SELECT card_status, id / 4096, 0, count(*) FROM gift_cards GROUP BY card_status, id / 4096;
