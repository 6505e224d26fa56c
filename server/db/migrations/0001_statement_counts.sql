-- Row counts by statement-level triggers: one counter update per statement,
-- not per row (a bulk insert updated the same counter row once per row).
DROP TRIGGER spartan_applications_count ON spartan_applications;
--> statement-breakpoint
DROP TRIGGER investor_applications_count ON investor_applications;
--> statement-breakpoint
DROP FUNCTION count_rows();
--> statement-breakpoint
CREATE FUNCTION count_inserted_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_deleted_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spartan_applications_inserted AFTER INSERT ON spartan_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows();
--> statement-breakpoint
CREATE TRIGGER spartan_applications_deleted AFTER DELETE ON spartan_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_rows();
--> statement-breakpoint
CREATE TRIGGER investor_applications_inserted AFTER INSERT ON investor_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_rows();
--> statement-breakpoint
CREATE TRIGGER investor_applications_deleted AFTER DELETE ON investor_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_rows();
--> statement-breakpoint
-- No GIN pending lists: PGlite has no autovacuum to merge them, and an unmerged
-- list is scanned in full by every search.
ALTER INDEX spartan_applications_fullname_trgm SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX spartan_applications_email_trgm SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX investor_applications_fullname_trgm SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX investor_applications_email_trgm SET (fastupdate = off);
