-- The trigram (GIN) indexes take new rows into a small pending list again, merged into the index
-- by the insert that fills it (at 64 kB) or by a VACUUM. Migration 0001 turned pending lists off
-- because PGlite has no autovacuum and a search scans the whole list; with the list kept this
-- small, that scan stays short (about 10% of a search's time, at any table size), and an insert
-- costs 12-18% less than when each of its trigrams goes straight into the index (measured side by
-- side on PGlite, docs/SERVER.md, Benchmarks).
ALTER INDEX spartan_applications_fullname_trgm SET (fastupdate = on, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX spartan_applications_email_trgm SET (fastupdate = on, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX investor_applications_fullname_trgm SET (fastupdate = on, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX investor_applications_email_trgm SET (fastupdate = on, gin_pending_list_limit = 64);
