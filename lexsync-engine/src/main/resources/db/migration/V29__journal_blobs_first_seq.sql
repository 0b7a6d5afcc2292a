-- Issue 31 (serving the aggregate's stored bytes): each recorded blob keeps the sequence number of the first journal
-- row that names it, so that a blob is dated (Last-Modified: Journal.firstCollected) by two key lookups instead of
-- a scan of the journal for its SHA-256 — a scan that a client reading every superseded version from the closed
-- Atom archives paid once per blob. A commit records its rows' blobs with their seq (BatchWriter); the keys recorded
-- before this migration are dated again by gc's backfill (JournalBlobs.backfill), started anew from the newest row
-- here; until it has run, a blob without first_seq is dated by the scan as before. Portable as V1.
ALTER TABLE journal_blobs ADD COLUMN first_seq BIGINT;
DELETE FROM journal_blobs_backfill;
INSERT INTO journal_blobs_backfill (upto) SELECT seq FROM journal ORDER BY seq DESC LIMIT 1;
