-- Issue 32 (nodes visible): one row per lexsync serve process sharing the store, written at its start and at every
-- heartbeat, deleted when it stops cleanly. A node killed without stopping keeps its row, its heartbeat growing old:
-- that is how operators see it (stale, red on the dashboard). Rows silent for a week are forgotten. The sources and
-- runs a node holds are read from source_leases and runs by its pid and host. heartbeat_at: epoch milliseconds.
-- Portable as V1.
CREATE TABLE nodes (
    id            TEXT    NOT NULL PRIMARY KEY,
    pid           BIGINT  NOT NULL,
    host          TEXT    NOT NULL,
    address       TEXT    NOT NULL,
    version       TEXT    NOT NULL,
    started_at    TEXT    NOT NULL,
    heartbeat_at  BIGINT  NOT NULL
);
