-- Issue 32 (the fence): every source lease carries an epoch, taken from one store-wide counter at each acquisition
-- and takeover, so that a source's epochs only grow, also across a release (the lease row is deleted then).
-- Journal commits, checkpoint writes and run-state updates of a holder compare it in their own transaction and are
-- refused when the row carries another epoch (or is gone). Leases held while migrating carry 0. Portable as V1.
ALTER TABLE source_leases ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
INSERT INTO counters (name, value) VALUES ('lease_epoch', 0);
