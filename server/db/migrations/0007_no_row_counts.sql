-- No hot row: the statement triggers kept one counter row per table, locked by every submit
-- until its commit, which serialised the submits. Lists count their rows instead (capped).
DROP TRIGGER IF EXISTS spartan_applications_inserted ON spartan_applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS spartan_applications_deleted ON spartan_applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS investor_applications_inserted ON investor_applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS investor_applications_deleted ON investor_applications;
--> statement-breakpoint
DROP FUNCTION IF EXISTS count_inserted_rows();
--> statement-breakpoint
DROP FUNCTION IF EXISTS count_deleted_rows();
--> statement-breakpoint
DROP TABLE IF EXISTS row_counts;
