-- Outgoing mail: applicants' confirmations and staff notices wait here until sent, retried with
-- backoff, so sending never delays an application and survives restarts. Staff choose to be told
-- of new applications, each one or in a daily digest.
CREATE TABLE mail_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  purpose text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  claimed_at timestamptz,
  last_error text
);
--> statement-breakpoint
CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at);
--> statement-breakpoint
CREATE INDEX mail_queue_to ON mail_queue (lower(to_address));
--> statement-breakpoint
CREATE TABLE staff_notifications (
  user_id uuid PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
  email text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('each', 'digest')),
  digest_through timestamptz
);
