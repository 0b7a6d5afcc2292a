-- Issue 32 ("one publisher, one budget"): a host's politeness held by the whole cluster. One row per host that a node
-- of a PostgreSQL store asked; each request takes a slot under the row's lock (SELECT ... FOR UPDATE) and gives it
-- back when it ends. Times are microseconds since the epoch on the database's clock, so the nodes' clocks do not
-- matter. A one-machine (SQLite) store never uses the table: there the politeness stays in the process. Portable as V1.
CREATE TABLE host_politeness (
    host              TEXT    NOT NULL PRIMARY KEY,
    -- no request starts before this (the previous start or end plus the delay, or a Retry-After)
    next_at           BIGINT  NOT NULL,
    -- requests of the cluster in flight, counted while held_until lies ahead (a crashed node's slots expire then)
    in_flight         INTEGER NOT NULL,
    held_until        BIGINT  NOT NULL,
    -- the host's circuit breaker is open on the cluster until then (0: closed)
    unreachable_until BIGINT  NOT NULL
);
