-- Login throttling counters shared by every app process on one PostgreSQL (rate-limiter-flexible's
-- PostgreSQL store, in the layout it expects). The embedded database keeps them in memory instead.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
--> statement-breakpoint
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
