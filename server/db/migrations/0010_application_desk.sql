-- The hiring desk: a review status per application (its own values per kind), the history of
-- status changes and the staff's notes, and the indexes that keep every list filter, the
-- prefix search and keyset pages served by an index at any table size.
ALTER TABLE spartan_applications ADD COLUMN status text NOT NULL DEFAULT 'new'
  CONSTRAINT spartan_applications_status_check
  CHECK (status IN ('new', 'in_review', 'shortlisted', 'rejected', 'accepted'));
--> statement-breakpoint
ALTER TABLE investor_applications ADD COLUMN status text NOT NULL DEFAULT 'new'
  CONSTRAINT investor_applications_status_check
  CHECK (status IN ('new', 'contacted', 'qualified', 'declined'));
--> statement-breakpoint
CREATE INDEX spartan_applications_status_created ON spartan_applications (status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX investor_applications_status_created ON investor_applications (status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_role_created ON spartan_applications (job_title, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_role_status_created ON spartan_applications (job_title, status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_fullname_prefix ON spartan_applications (lower(fullname) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX spartan_applications_email_prefix ON spartan_applications (lower(email) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX investor_applications_fullname_prefix ON investor_applications (lower(fullname) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX investor_applications_email_prefix ON investor_applications (lower(email) text_pattern_ops);
--> statement-breakpoint
-- Status changes (event 'status', with from/to) and notes (event 'note', with body) of one
-- application of either kind; they go with it when it is deleted. The actor's name is copied,
-- so the history still reads after the account is removed.
CREATE TABLE application_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  spartan_id uuid REFERENCES spartan_applications (id) ON DELETE CASCADE,
  investor_id uuid REFERENCES investor_applications (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor_id uuid,
  actor text NOT NULL,
  event text NOT NULL CHECK (event IN ('status', 'note')),
  from_status text,
  to_status text,
  body text,
  CHECK ((spartan_id IS NULL) <> (investor_id IS NULL))
);
--> statement-breakpoint
CREATE INDEX application_activity_spartan ON application_activity (spartan_id, at DESC) WHERE spartan_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX application_activity_investor ON application_activity (investor_id, at DESC) WHERE investor_id IS NOT NULL;
