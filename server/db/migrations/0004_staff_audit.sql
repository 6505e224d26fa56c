-- The audit trail: append-only. Triggers refuse UPDATE and TRUNCATE always, and DELETE except
-- inside the retention job's transaction (which sets spartan.audit_purge = 'on' locally).
CREATE TABLE staff_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  event text NOT NULL,
  actor_id uuid,
  actor text,
  target_type text,
  target_id text,
  ip text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX staff_audit_at_idx ON staff_audit (at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX staff_audit_event_idx ON staff_audit (event, at DESC);
--> statement-breakpoint
CREATE INDEX staff_audit_actor_idx ON staff_audit (actor, at DESC);
--> statement-breakpoint
CREATE INDEX staff_audit_target_idx ON staff_audit (target_id, at DESC);
--> statement-breakpoint
CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('spartan.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'staff_audit is append-only (% refused)', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_no_update BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
