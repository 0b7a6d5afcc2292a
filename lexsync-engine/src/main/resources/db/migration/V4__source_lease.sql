-- Issue 14.6: one lease row per source being harvested or applied to, so that a second process refuses the
-- source at once instead of harvesting it twice. The holder renews expires_at (epoch milliseconds) while it
-- works and deletes the row when done; a row whose expires_at has passed, or whose holder on the same host is
-- gone, is taken over. token tells one lease from the next (takeovers compare and set it).
CREATE TABLE source_leases (
    source_id      TEXT PRIMARY KEY,
    token          TEXT NOT NULL,
    holder_pid     BIGINT NOT NULL,
    holder_host    TEXT NOT NULL,
    holder_started TEXT,
    since          TEXT NOT NULL,
    expires_at     BIGINT NOT NULL
);
