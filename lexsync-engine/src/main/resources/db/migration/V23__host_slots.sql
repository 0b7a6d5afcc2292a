-- Issue 32 ("one publisher, one budget"): the cluster's requests in flight to a host, one row per request (a slot),
-- instead of V20's one counter per host. A node renews the slots it holds while their requests run, so a slot whose
-- node was killed or froze expires a short hold after its last renewal (SharedHostSchedule.HOLD) and frees the host
-- then, not a minute later; and a long download keeps its slot however long it takes. id: chosen by the node (a UUID);
-- held_until: microseconds since the epoch on the database's clock. Portable as V1.
CREATE TABLE host_slots (
    id         TEXT   NOT NULL PRIMARY KEY,
    host       TEXT   NOT NULL,
    held_until BIGINT NOT NULL
);
CREATE INDEX host_slots_by_host ON host_slots (host, held_until);
ALTER TABLE host_politeness DROP COLUMN in_flight;
ALTER TABLE host_politeness DROP COLUMN held_until;
