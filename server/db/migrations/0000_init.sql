-- Initial schema: staff accounts and sessions, both kinds of application, row counts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE staff_users (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  name text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT 'admin',
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX staff_users_username_key ON staff_users (lower(username));
--> statement-breakpoint
CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id);
--> statement-breakpoint
CREATE INDEX staff_sessions_expires_idx ON staff_sessions (expires_at);
--> statement-breakpoint
CREATE TABLE spartan_applications (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  job_title text NOT NULL,
  fullname text NOT NULL,
  date_of_birth date NOT NULL,
  location text NOT NULL,
  gender text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL
);
--> statement-breakpoint
CREATE INDEX spartan_applications_newest_idx ON spartan_applications (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX spartan_applications_fullname_trgm ON spartan_applications USING gin (fullname gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX spartan_applications_email_trgm ON spartan_applications USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE spartan_resumes (
  application_id uuid PRIMARY KEY REFERENCES spartan_applications (id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL
);
--> statement-breakpoint
CREATE TABLE investor_applications (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  fullname text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  location text NOT NULL,
  accreditation text NOT NULL,
  investment_range text,
  message text
);
--> statement-breakpoint
CREATE INDEX investor_applications_newest_idx ON investor_applications (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX investor_applications_fullname_trgm ON investor_applications USING gin (fullname gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX investor_applications_email_trgm ON investor_applications USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE row_counts (
  table_name text PRIMARY KEY,
  n bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) VALUES ('spartan_applications', 0), ('investor_applications', 0);
--> statement-breakpoint
CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET n = n + 1 WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET n = n - 1 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spartan_applications_count AFTER INSERT OR DELETE ON spartan_applications
  FOR EACH ROW EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER investor_applications_count AFTER INSERT OR DELETE ON investor_applications
  FOR EACH ROW EXECUTE FUNCTION count_rows();
