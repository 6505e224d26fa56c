-- A file on PostgreSQL is stored in parts of at most 256 KiB, one row each (server/storage/
-- postgres.ts): the driver copies each value it sends into a fresh buffer, and a 5 MB value held
-- the event loop for tens of milliseconds. Files stored before are one part, numbered 0.
ALTER TABLE resume_files ADD COLUMN part integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE resume_files DROP CONSTRAINT resume_files_pkey;
--> statement-breakpoint
ALTER TABLE resume_files ADD PRIMARY KEY (application_id, part);
