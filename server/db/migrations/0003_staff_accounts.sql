-- Staff accounts worthy of applicant data: roles, a second factor (TOTP and hashed recovery
-- codes), setup links, forced password changes, sessions with an idle and an absolute limit,
-- and the short-lived challenges between the login steps.
UPDATE staff_users SET username = lower(btrim(username));
--> statement-breakpoint
DROP INDEX staff_users_username_key;
--> statement-breakpoint
CREATE UNIQUE INDEX staff_users_username_key ON staff_users (username);
--> statement-breakpoint
ALTER TABLE staff_users
  ALTER COLUMN role SET DEFAULT 'reviewer',
  ADD CONSTRAINT staff_users_role_check CHECK (role IN ('admin', 'reviewer')),
  ADD COLUMN password_change_required boolean NOT NULL DEFAULT false,
  ADD COLUMN password_changed_at timestamptz,
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN mfa_enrolled_at timestamptz,
  ADD COLUMN setup_token_hash text,
  ADD COLUMN setup_expires_at timestamptz,
  ADD COLUMN last_login_at timestamptz;
--> statement-breakpoint
CREATE UNIQUE INDEX staff_users_setup_token_key ON staff_users (setup_token_hash);
--> statement-breakpoint
CREATE TABLE staff_recovery_codes (
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
--> statement-breakpoint
ALTER TABLE staff_sessions
  ADD COLUMN token_id uuid,
  ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN absolute_expires_at timestamptz,
  ADD COLUMN ip text NOT NULL DEFAULT '',
  ADD COLUMN user_agent text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE staff_sessions SET token_id = id, absolute_expires_at = expires_at;
--> statement-breakpoint
ALTER TABLE staff_sessions
  ALTER COLUMN token_id SET NOT NULL,
  ALTER COLUMN absolute_expires_at SET NOT NULL;
--> statement-breakpoint
CREATE TABLE staff_login_challenges (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('mfa', 'mfa_setup', 'password')),
  totp_secret text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX staff_login_challenges_expires_idx ON staff_login_challenges (expires_at);
