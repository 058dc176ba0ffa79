-- A comment added: 'comment.added' for the card's seller (and staff).
CREATE OR REPLACE FUNCTION gift_card_comments_events() RETURNS trigger AS $$
BEGIN
  PERFORM emit_event('comment.added', (SELECT seller_id FROM gift_cards WHERE id = NEW.gift_card_id), NEW.gift_card_id, NULL,
    json_build_object('comment_id', NEW.id, 'user_id', NEW.user_id)::jsonb);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER gift_card_comments_events AFTER INSERT ON gift_card_comments
  FOR EACH ROW EXECUTE FUNCTION gift_card_comments_events();
