-- Issue 16 (publishing the aggregate): what each journal row's version of its resource looked like -- title,
-- publication date, links and every file with its URL, role, type, length and checksums -- so that a published
-- document of an old journal row is a projection of that row alone and never changes when the resource changes
-- later (docs/architecture.md, "Publishing the aggregate"). Text written by store.VersionCodec; null for rows
-- written before this version and for deletions.
ALTER TABLE journal ADD COLUMN version TEXT;
