-- The overview's counts, per kind, UTC day and source: one row counts the applications of a
-- status, another (Spartan) those of a job role. Triggers on the application tables add a row per
-- changed key and statement (a signed delta), whoever writes: a submission, a status change, a
-- bulk change, a delete, an erasure, the retention job. Nothing is updated in place, so no
-- counter row is locked by every submission until its commit; server/desk/overview.ts merges a
-- day's deltas into one row per key now and then, and reads the sums.
CREATE TABLE application_day_counts (
  kind text NOT NULL CHECK (kind IN ('spartan', 'investor')),
  day date NOT NULL,
  -- 'site' (our own pages) or the partner origin.
  origin text NOT NULL,
  -- Exactly one of status and job_title is set.
  status text,
  job_title text,
  n integer NOT NULL,
  -- false for a trigger's delta, true for a merged sum.
  merged boolean NOT NULL DEFAULT false,
  CHECK ((status IS NULL) <> (job_title IS NULL))
);
--> statement-breakpoint
CREATE INDEX application_day_counts_day ON application_day_counts (kind, day);
--> statement-breakpoint
CREATE INDEX application_day_counts_deltas ON application_day_counts (kind, day) WHERE NOT merged;
--> statement-breakpoint
-- The deltas of one statement on spartan_applications or investor_applications (TG_ARGV[0]: the
-- kind): +1 per key of a row inserted or of a row's new version, -1 per key of a row deleted or of
-- a row's old version, summed per key; keys whose sum is 0 (an update of other columns) add
-- nothing. The text is built per operation because a trigger sees only its own transition tables.
CREATE FUNCTION count_application_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  job text := CASE TG_ARGV[0] WHEN 'spartan' THEN 'job_title' ELSE 'NULL::text' END;
  came text := format('SELECT created_at, origin, status, %s AS job_title, 1 AS n FROM new_rows', job);
  went text := format('SELECT created_at, origin, status, %s AS job_title, -1 AS n FROM old_rows', job);
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN came
    WHEN 'DELETE' THEN went
    ELSE came || ' UNION ALL ' || went END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO application_day_counts (kind, day, origin, status, job_title, n)
    SELECT %L, day, origin, status, job_title, sum(n)
      FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(origin, 'site') AS origin,
                   status, NULL::text AS job_title, n
              FROM (%s) c
            UNION ALL
            SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(origin, 'site'), NULL, job_title, n
              FROM (%2$s) c WHERE job_title IS NOT NULL) d
     GROUP BY day, origin, status, job_title
    HAVING sum(n) <> 0$sql$, TG_ARGV[0], changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A TRUNCATE has no transition table: the kind's counts go with its rows.
CREATE FUNCTION truncate_application_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM application_day_counts WHERE kind = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spartan_applications_days_inserted AFTER INSERT ON spartan_applications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_days('spartan');
--> statement-breakpoint
CREATE TRIGGER spartan_applications_days_updated AFTER UPDATE ON spartan_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_days('spartan');
--> statement-breakpoint
CREATE TRIGGER spartan_applications_days_deleted AFTER DELETE ON spartan_applications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_days('spartan');
--> statement-breakpoint
CREATE TRIGGER spartan_applications_days_truncated AFTER TRUNCATE ON spartan_applications
  FOR EACH STATEMENT EXECUTE FUNCTION truncate_application_days('spartan');
--> statement-breakpoint
CREATE TRIGGER investor_applications_days_inserted AFTER INSERT ON investor_applications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_days('investor');
--> statement-breakpoint
CREATE TRIGGER investor_applications_days_updated AFTER UPDATE ON investor_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_days('investor');
--> statement-breakpoint
CREATE TRIGGER investor_applications_days_deleted AFTER DELETE ON investor_applications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_days('investor');
--> statement-breakpoint
CREATE TRIGGER investor_applications_days_truncated AFTER TRUNCATE ON investor_applications
  FOR EACH STATEMENT EXECUTE FUNCTION truncate_application_days('investor');
--> statement-breakpoint
-- The applications already there, counted once (in the same transaction as the triggers, so
-- none is missed or counted twice).
INSERT INTO application_day_counts (kind, day, origin, status, job_title, n, merged)
SELECT 'spartan', day, origin, status, job_title, count(*), true
  FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(origin, 'site') AS origin,
               status, NULL::text AS job_title FROM spartan_applications
        UNION ALL
        SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(origin, 'site'), NULL, job_title
          FROM spartan_applications WHERE job_title IS NOT NULL) d
 GROUP BY day, origin, status, job_title;
--> statement-breakpoint
INSERT INTO application_day_counts (kind, day, origin, status, n, merged)
SELECT 'investor', (created_at AT TIME ZONE 'UTC')::date, coalesce(origin, 'site'), status,
       count(*), true
  FROM investor_applications
 GROUP BY 2, 3, 4;
