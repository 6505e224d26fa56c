-- The desk for a team: who handles an application (its assignee, a staff member or nobody), the
-- time of its first review (the overview's median wait), the keys that find the same applicant's
-- other applications (email without case or +tag, phone digits), and their indexes.
ALTER TABLE spartan_applications
  ADD COLUMN assignee_id uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  ADD COLUMN first_reviewed_at timestamptz,
  ADD COLUMN email_key text GENERATED ALWAYS AS (lower(regexp_replace(email, '\+[^@]*@', '@'))) STORED,
  ADD COLUMN phone_key text GENERATED ALWAYS AS (
    CASE WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7
      THEN regexp_replace(phone, '[^0-9]', '', 'g') END) STORED;
--> statement-breakpoint
ALTER TABLE investor_applications
  ADD COLUMN assignee_id uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  ADD COLUMN first_reviewed_at timestamptz,
  ADD COLUMN email_key text GENERATED ALWAYS AS (lower(regexp_replace(email, '\+[^@]*@', '@'))) STORED,
  ADD COLUMN phone_key text GENERATED ALWAYS AS (
    CASE WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7
      THEN regexp_replace(phone, '[^0-9]', '', 'g') END) STORED;
--> statement-breakpoint
-- The first status change of an application already reviewed is its first review.
UPDATE spartan_applications a SET first_reviewed_at = (
  SELECT min(at) FROM application_activity WHERE spartan_id = a.id AND event = 'status');
--> statement-breakpoint
UPDATE investor_applications a SET first_reviewed_at = (
  SELECT min(at) FROM application_activity WHERE investor_id = a.id AND event = 'status');
--> statement-breakpoint
CREATE INDEX spartan_applications_assignee_created ON spartan_applications (assignee_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_assignee_status_created ON spartan_applications (assignee_id, status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX investor_applications_assignee_created ON investor_applications (assignee_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX investor_applications_assignee_status_created ON investor_applications (assignee_id, status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_email_key ON spartan_applications (email_key, created_at DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_phone_key ON spartan_applications (phone_key, created_at DESC) WHERE phone_key IS NOT NULL;
--> statement-breakpoint
CREATE INDEX investor_applications_email_key ON investor_applications (email_key, created_at DESC);
--> statement-breakpoint
CREATE INDEX investor_applications_phone_key ON investor_applications (phone_key, created_at DESC) WHERE phone_key IS NOT NULL;
--> statement-breakpoint
-- The overview reads a date range of these columns from the index alone (an index-only scan).
CREATE INDEX spartan_applications_overview ON spartan_applications (created_at) INCLUDE (status, origin, job_title, first_reviewed_at);
--> statement-breakpoint
CREATE INDEX investor_applications_overview ON investor_applications (created_at) INCLUDE (status, origin, first_reviewed_at);
--> statement-breakpoint
-- Assignments join status changes and notes in an application's activity, with the assignee
-- before and after (names copied, as the actor's is).
ALTER TABLE application_activity DROP CONSTRAINT application_activity_event_check;
--> statement-breakpoint
ALTER TABLE application_activity
  ADD CONSTRAINT application_activity_event_check CHECK (event IN ('status', 'note', 'assign')),
  ADD COLUMN from_assignee text,
  ADD COLUMN to_assignee text;
