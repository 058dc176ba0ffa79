-- Once per transaction and key: a bulk payment moves one seller's due through many card rows, one event says it.
CREATE OR REPLACE FUNCTION emit_event_once(kind text, seller integer) RETURNS void AS $$
DECLARE
  k text := 'gcbo_events.' || replace(kind, '.', '_') || '_' || coalesce(seller, 0);
  xid text := txid_current()::text;
BEGIN
  IF current_setting(k, true) IS DISTINCT FROM xid THEN
    PERFORM set_config(k, xid, true);
    PERFORM emit_event(kind, seller, NULL, NULL, '{}'::jsonb);
  END IF;
END $$ LANGUAGE plpgsql;
