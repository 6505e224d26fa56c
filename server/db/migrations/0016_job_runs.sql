-- When a daily job last ran, whichever process ran it: the processes that share a database claim
-- a run here (server/desk/retention.ts), so that the job runs once a day, not once per process.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  runs integer NOT NULL DEFAULT 1
);
