-- The audit log is append-only (issue 54): the database itself refuses to change or remove an entry, whoever asks.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Record a new entry instead.';
END;
$$;

CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
-- A row trigger never sees TRUNCATE; a statement trigger does.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The audit log screen's filters, each read newest first by id (keyset paging at any depth); a date range through the
-- created_at index. One record's entries (entity, entity_id, id) replace 0001's (entity, entity_id), which they cover.
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_record ON audit_log (entity, entity_id, id);
DROP INDEX audit_log_entity;
CREATE INDEX audit_log_created ON audit_log (created_at);
