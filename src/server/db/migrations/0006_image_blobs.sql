-- Card and comment photos kept in PostgreSQL itself (IMAGE_STORE=db): every server instance serves every photo.
-- A photo's bytes are written in the transaction that inserts the row owning them, and deleted by these triggers
-- in the transaction that deletes that row (a card's delete cascades to its images and comments).
CREATE TABLE image_blobs (
  name text PRIMARY KEY,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Photos are already compressed: stored out of line uncompressed, so substring() reads only the chunks it needs
-- (serving streams a large photo slice by slice).
ALTER TABLE image_blobs ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE FUNCTION image_blob_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM image_blobs WHERE name = OLD.image;
  RETURN NULL;
END $$;

CREATE TRIGGER gift_card_images_blob AFTER DELETE ON gift_card_images
  FOR EACH ROW EXECUTE FUNCTION image_blob_drop();
CREATE TRIGGER gift_card_comments_blob AFTER DELETE ON gift_card_comments
  FOR EACH ROW WHEN (OLD.image IS NOT NULL) EXECUTE FUNCTION image_blob_drop();
