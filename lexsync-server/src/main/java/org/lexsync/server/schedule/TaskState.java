package org.lexsync.server.schedule;

import java.io.Serial;
import java.io.Serializable;
import org.jspecify.annotations.Nullable;

/**
 * What a source's execution row keeps besides its time (db-scheduler's {@code task_data}): the schedule text it was
 * planned with (a changed one is re-planned on reload) and whether the operator paused it. Kept in the database so
 * that every node, and a restarted one, sees the same.
 */
record TaskState(@Nullable String schedule, boolean paused) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    TaskState withPaused(boolean value) {
        return new TaskState(schedule, value);
    }
}
