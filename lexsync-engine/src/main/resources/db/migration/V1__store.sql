-- LexSync relational store (DESIGN §3). One script for SQLite and PostgreSQL: only portable types
-- (TEXT, INTEGER, BIGINT, BYTEA -- SQLite stores blobs as given whatever the declared type) and
-- INSERT ... ON CONFLICT upserts. Timestamps are ISO-8601 text: UTC instants for our own clocks, the
-- canonical W3C form (keeping its precision) for source timestamps.

CREATE TABLE sources (
    id            TEXT    NOT NULL PRIMARY KEY,
    protocol      TEXT    NOT NULL,
    entry_urls    TEXT    NOT NULL,
    schedule      TEXT,
    politeness    TEXT,
    approved      INTEGER NOT NULL DEFAULT 0,
    contact       TEXT,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);

-- The protocol-specific cursor; written in the same transaction as the changes it covers (DESIGN §4.2).
CREATE TABLE checkpoints (
    source_id     TEXT    NOT NULL PRIMARY KEY,
    value         TEXT,
    updated_at    TEXT    NOT NULL
);

-- Named counters. The journal sequence is taken from here inside the committing transaction (the row
-- lock serialises writers), so a reader of "journal since seq N" never sees a later seq commit before
-- an earlier one, which a database sequence would allow on PostgreSQL.
CREATE TABLE counters (
    name          TEXT    NOT NULL PRIMARY KEY,
    value         BIGINT  NOT NULL
);
INSERT INTO counters (name, value) VALUES ('journal', 0);
INSERT INTO counters (name, value) VALUES ('run', 0);

CREATE TABLE resources (
    source_id        TEXT    NOT NULL,
    uri              TEXT    NOT NULL,
    status           TEXT    NOT NULL,
    source_ts        TEXT,
    published        TEXT,
    title            TEXT,
    links            TEXT,
    checksums        TEXT,
    fingerprint      TEXT,
    first_harvested  TEXT    NOT NULL,
    last_harvested   TEXT    NOT NULL,
    last_seq         BIGINT  NOT NULL,
    PRIMARY KEY (source_id, uri)
);
CREATE INDEX resources_by_seq ON resources (last_seq);

CREATE TABLE representations (
    source_id      TEXT    NOT NULL,
    resource_uri   TEXT    NOT NULL,
    ordinal        INTEGER NOT NULL,
    url            TEXT,
    role           TEXT    NOT NULL,
    media_type     TEXT,
    length         BIGINT  NOT NULL,
    md5            TEXT,
    sha256         TEXT    NOT NULL,
    blob_key       TEXT    NOT NULL,
    etag           TEXT,
    last_modified  TEXT,
    links          TEXT,
    PRIMARY KEY (source_id, resource_uri, ordinal)
);
CREATE INDEX representations_by_blob ON representations (blob_key);

-- Append-only change journal (DESIGN §3): what publishing, audit and the dashboard read.
CREATE TABLE journal (
    seq            BIGINT  NOT NULL PRIMARY KEY,
    source_id      TEXT    NOT NULL,
    resource_uri   TEXT    NOT NULL,
    kind           TEXT    NOT NULL,
    source_ts      TEXT,
    collected_at   TEXT    NOT NULL,
    checksums      TEXT,
    run_id         BIGINT
);
CREATE INDEX journal_by_source ON journal (source_id, seq);

-- Small blobs kept inside the database behind the content-addressed blob interface (DESIGN §4.2).
CREATE TABLE blobs (
    sha256         TEXT    NOT NULL PRIMARY KEY,
    length         BIGINT  NOT NULL,
    data           BYTEA   NOT NULL
);

-- Per-URL validators for conditional GET and the last status seen.
CREATE TABLE fetch_cache (
    url            TEXT    NOT NULL PRIMARY KEY,
    etag           TEXT,
    last_modified  TEXT,
    last_status    INTEGER NOT NULL,
    sha256         TEXT,
    fetched_at     TEXT    NOT NULL
);

CREATE TABLE runs (
    id             BIGINT  NOT NULL PRIMARY KEY,
    source_id      TEXT    NOT NULL,
    started_at     TEXT    NOT NULL,
    ended_at       TEXT,
    status         TEXT    NOT NULL,
    created        BIGINT  NOT NULL DEFAULT 0,
    updated        BIGINT  NOT NULL DEFAULT 0,
    deleted        BIGINT  NOT NULL DEFAULT 0,
    unchanged      BIGINT  NOT NULL DEFAULT 0,
    failed         BIGINT  NOT NULL DEFAULT 0,
    error          TEXT
);
CREATE INDEX runs_by_source ON runs (source_id, id);

-- Conformance findings recorded per run (and optionally per resource).
CREATE TABLE run_findings (
    run_id         BIGINT  NOT NULL,
    ordinal        INTEGER NOT NULL,
    resource_uri   TEXT,
    severity       TEXT    NOT NULL,
    rule           TEXT    NOT NULL,
    message        TEXT    NOT NULL,
    line           INTEGER NOT NULL,
    col            INTEGER NOT NULL,
    PRIMARY KEY (run_id, ordinal)
);

-- Changes that could not be applied: retried later; the checkpoint does not pass them (DESIGN §4.1).
CREATE TABLE item_failures (
    source_id      TEXT    NOT NULL,
    resource_uri   TEXT    NOT NULL,
    url            TEXT,
    reason         TEXT    NOT NULL,
    message        TEXT,
    tries          INTEGER NOT NULL,
    first_failed   TEXT    NOT NULL,
    last_failed    TEXT    NOT NULL,
    next_try       TEXT,
    run_id         BIGINT,
    PRIMARY KEY (source_id, resource_uri)
);
