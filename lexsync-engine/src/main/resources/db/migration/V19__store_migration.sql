-- Issue 31 (lexsync store migrate): each blob and graph a migration to another location has copied AND verified
-- (SHA-256 read back, triple count), so that a migration killed half-way resumes where it was and --delete-old
-- removes only what is safely elsewhere. target: the new location (s3://bucket/prefix, or the SPARQL endpoint);
-- kind: 'blob' or 'graph'; item: the blob's SHA-256 or the graph's name. Portable as V1.
CREATE TABLE store_migration (
    target TEXT NOT NULL,
    kind TEXT NOT NULL,
    item TEXT NOT NULL,
    verified_at TEXT NOT NULL,
    PRIMARY KEY (target, kind, item)
);
