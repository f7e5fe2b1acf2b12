-- Custom migration (written by hand, not by drizzle-kit: it cannot express triggers).
-- The audit log is append-only in the database too: no UPDATE, no TRUNCATE, and DELETE only of
-- entries older than the cutoff that the retention purge sets for its own transaction
-- (set_config('audit.purge_before', <cutoff>, true)); the cutoff itself must be a day old or more,
-- so even that setting cannot take away the last day's entries.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('audit.purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <> ''
     AND cutoff::timestamptz <= now() - interval '1 day' AND OLD.at < cutoff::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % is refused (only the retention purge deletes old entries)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
