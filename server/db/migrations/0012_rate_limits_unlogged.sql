-- The rate-limit counters are written on every submission and login attempt, and they are worth
-- nothing after a crash (they only bound the next few minutes). Unlogged, they write no WAL, and
-- a transaction that touched only them commits without waiting for a WAL flush: a submission's
-- limit check no longer waits for the disk. A crash of PostgreSQL empties the table, which resets
-- the counters; a clean restart keeps them. Standby servers do not receive the table.
ALTER TABLE rate_limits SET UNLOGGED;
