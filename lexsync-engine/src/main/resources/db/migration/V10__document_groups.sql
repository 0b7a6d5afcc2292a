-- Issue 18 (EUCases D2.1 §3.2): document groups that crawlers upload to the ingestion service.
-- A group is owned by its crawler (the source it is applied to); its documents are resources of that source
-- (resource URI = the document's url). Group rows and memberships are written in the same transaction as the
-- journal rows of the group (store.CommitBatch.group), so a group is committed whole or not at all.

-- One row per group identifier ever accepted (GUIDs are unique across all crawlers, §3.2). A deleted group keeps
-- its row (status 'deleted') so that a re-sent Del is recognised as unchanged.
CREATE TABLE document_groups (
    group_id     TEXT    NOT NULL PRIMARY KEY,
    source_id    TEXT    NOT NULL,
    operation    TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    fingerprint  TEXT    NOT NULL,
    filename     TEXT,
    lang         TEXT,
    group_type   INTEGER,
    crawled_at   TEXT,
    updated_at   TEXT    NOT NULL
);
CREATE INDEX document_groups_by_source ON document_groups (source_id);

-- The documents an active group holds now (none for a deleted group).
CREATE TABLE document_group_members (
    group_id     TEXT    NOT NULL,
    source_id    TEXT    NOT NULL,
    resource_uri TEXT    NOT NULL,
    identifier   TEXT    NOT NULL,
    file         TEXT    NOT NULL,
    md5          TEXT    NOT NULL,
    PRIMARY KEY (group_id, resource_uri)
);
CREATE INDEX document_group_members_by_uri ON document_group_members (source_id, resource_uri);

-- The §3.2 CrawlerLog: one row per upload, accepted or not.
CREATE TABLE crawler_log (
    id           BIGINT  NOT NULL PRIMARY KEY,
    at           TEXT    NOT NULL,
    remote       TEXT,
    crawler      TEXT,
    group_id     TEXT,
    operation    TEXT,
    zip_length   BIGINT  NOT NULL,
    outcome      TEXT    NOT NULL,
    error_class  TEXT,
    message      TEXT,
    changes      INTEGER NOT NULL
);
CREATE INDEX crawler_log_by_crawler ON crawler_log (crawler, id);
INSERT INTO counters (name, value) VALUES ('crawler_log', 0);
