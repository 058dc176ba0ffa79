-- A photo kept in the database (IMAGE_STORE=db) is deleted with the row that owns it, in the same transaction (a card's
-- delete cascades to its images and comments).
CREATE OR REPLACE FUNCTION image_blob_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM image_blobs WHERE name = OLD.image;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER gift_card_images_blob AFTER DELETE ON gift_card_images
  FOR EACH ROW EXECUTE FUNCTION image_blob_drop();
CREATE OR REPLACE TRIGGER gift_card_comments_blob AFTER DELETE ON gift_card_comments
  FOR EACH ROW WHEN (OLD.image IS NOT NULL) EXECUTE FUNCTION image_blob_drop();
