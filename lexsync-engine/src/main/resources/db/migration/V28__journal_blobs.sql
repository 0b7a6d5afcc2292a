-- Issue 31 (gc deletes only blobs no journal row references): every blob any journal row's version names, so that gc
-- keeps the bytes of superseded and deleted versions, which the published aggregate links for ever (closed Atom
-- archives' content and enclosures at blob/sha256/…, immutable). A commit adds the keys of the rows it writes
-- (BatchWriter); the rows written before this migration are added by the first gc (JournalBlobs.backfill), from
-- journal_blobs_backfill.upto down to seq 1, a chunk per transaction, resumable; the row is deleted when done. The
-- current files' keys are added here at once. Portable as V1.
CREATE TABLE journal_blobs (
    sha256 TEXT NOT NULL PRIMARY KEY
);
INSERT INTO journal_blobs (sha256) SELECT DISTINCT blob_key FROM representations;
CREATE TABLE journal_blobs_backfill (
    upto BIGINT NOT NULL
);
INSERT INTO journal_blobs_backfill (upto) SELECT COALESCE(MAX(seq), 0) FROM journal;
