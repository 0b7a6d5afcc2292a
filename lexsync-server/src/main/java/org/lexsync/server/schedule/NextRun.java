package org.lexsync.server.schedule;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.SourceSchedule;

/**
 * When a source runs next after {@code now}: an interval counts from the end of the last run, so the missed slots of
 * a server that was down run once, not once each; a cron expression gives its next matching time (UTC).
 */
final class NextRun {
    /** The execution time of a paused source: never, in practice. */
    static final Instant PAUSED = Instant.parse("9999-12-31T00:00:00Z");

    private NextRun() {
    }

    static Instant after(@Nullable String scheduleText, Instant now) {
        SourceSchedule schedule = SourceSchedule.parse(scheduleText);
        if (schedule.every() != null) {
            return now.plus(schedule.every());
        }
        return Schedules.cron(Objects.requireNonNull(schedule.cron()))
                .getNextExecutionTime(ExecutionComplete.simulatedSuccess(now));
    }
}
