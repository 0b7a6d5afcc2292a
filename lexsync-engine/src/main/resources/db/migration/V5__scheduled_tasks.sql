-- Issue 15: the table of db-scheduler (com.github.kagkarlsson:db-scheduler), which lexsync serve uses to run
-- each approved source on its schedule. It lives in the store's own database so that every node of a server
-- sees the same executions (docs/architecture.md, "The server"). The column names and meanings are
-- db-scheduler's; the types are portable (TIMESTAMPTZ and BOOLEAN are PostgreSQL's; SQLite keeps what the
-- JDBC driver writes: epoch milliseconds and 0/1).
CREATE TABLE scheduled_tasks (
    task_name            TEXT        NOT NULL,
    task_instance        TEXT        NOT NULL,
    task_data            BYTEA,
    execution_time       TIMESTAMPTZ NOT NULL,
    picked               BOOLEAN     NOT NULL,
    picked_by            TEXT,
    last_success         TIMESTAMPTZ,
    last_failure         TIMESTAMPTZ,
    consecutive_failures INT,
    last_heartbeat       TIMESTAMPTZ,
    version              BIGINT      NOT NULL,
    priority             SMALLINT,
    PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX scheduled_tasks_execution_time ON scheduled_tasks (execution_time);
CREATE INDEX scheduled_tasks_last_heartbeat ON scheduled_tasks (last_heartbeat);
CREATE INDEX scheduled_tasks_priority_time ON scheduled_tasks (priority DESC, execution_time ASC);
