-- A session opened by the login widget on a partner page (an origin in CORS_ORIGINS) records that
-- origin: its token identifies the user to that page and logs out, and is refused by every staff
-- call, wherever it is sent from (server/auth.ts).
ALTER TABLE staff_sessions ADD COLUMN partner_origin text;
