-- Issue 28.2: the operator's pause is state of the source id, not of its scheduler execution (whose row goes when a
-- reload removes the source). A row here means "paused": it outlives the source leaving and re-entering
-- lexsync.yaml, a restart, and is seen by every node sharing a PostgreSQL store. Portable types as in V1.
CREATE TABLE source_pauses (
    source_id     TEXT    NOT NULL PRIMARY KEY,
    paused_at     TEXT    NOT NULL
);
