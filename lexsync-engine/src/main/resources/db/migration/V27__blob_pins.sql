-- Issue 31 (gc never deletes a blob a commit in flight will reference): a writer whose put found its blob already
-- stored (content addressing: someone stored the same bytes earlier) pins the blob here before it relies on it, and
-- the garbage collector keeps every pinned blob and deletes a page of blobs only while it holds this table against
-- new pins (BlobPins). A pin older than gc's grace period is ignored and pruned: a commit is expected within the
-- grace, as for a freshly written blob. pinned_at: milliseconds since the epoch on the writer's clock. Portable as V1.
CREATE TABLE blob_pins (
    sha256    TEXT   NOT NULL PRIMARY KEY,
    pinned_at BIGINT NOT NULL
);
