-- The origin of the page each application was submitted from: NULL for our own site,
-- else the partner page's origin (scheme://host[:port]). Staff filter the lists by it.
ALTER TABLE spartan_applications ADD COLUMN origin text;
--> statement-breakpoint
ALTER TABLE investor_applications ADD COLUMN origin text;
--> statement-breakpoint
CREATE INDEX spartan_applications_origin_created ON spartan_applications (origin, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX investor_applications_origin_created ON investor_applications (origin, created_at DESC, id DESC);
