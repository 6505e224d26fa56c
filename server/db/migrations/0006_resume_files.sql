-- Resume bytes leave the application rows. The rows keep the name, type and size; the bytes go to
-- the configured file store (server/storage): files under DATA_DIR on the embedded database, this
-- table on PostgreSQL by default (shared by every app process), or S3-compatible storage.
-- Bytes of earlier applications stay in spartan_resumes.data until the server moves them at
-- start-up; new rows leave it NULL.
ALTER TABLE spartan_resumes ALTER COLUMN data DROP NOT NULL;
--> statement-breakpoint
-- Written in a transaction of its own before the application's, so no lock of the application
-- tables is held while the bytes travel; no foreign key for the same reason (orphans are swept).
CREATE TABLE resume_files (
  application_id uuid PRIMARY KEY,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
--> statement-breakpoint
-- Resumes are PDF and zipped Office files: compressing them again costs CPU and saves nothing.
ALTER TABLE resume_files ALTER COLUMN data SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE INDEX resume_files_created_idx ON resume_files (created_at);
