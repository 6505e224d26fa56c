-- A staff member's new address for new-application mail waits here until its owner opens the
-- confirmation link mailed to it (server/mail/mailer.ts); `email` stays the confirmed address,
-- '' before any is confirmed. Addresses set before this migration count as confirmed.
ALTER TABLE staff_notifications ADD COLUMN pending_email text;
--> statement-breakpoint
ALTER TABLE staff_notifications ADD COLUMN pending_token_hash text;
--> statement-breakpoint
ALTER TABLE staff_notifications ADD COLUMN pending_expires_at timestamptz;
