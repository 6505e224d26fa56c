-- The one-time link an admin hands over after resetting someone's second factor: until it is used,
-- the password alone cannot set up a new one (server/staff/accounts.ts, resetMfa).
ALTER TABLE staff_users ADD COLUMN mfa_setup_token_hash text;
--> statement-breakpoint
ALTER TABLE staff_users ADD COLUMN mfa_setup_expires_at timestamptz;
