package org.lexsync.server.schedule;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.SourceSchedule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When a source runs next after {@code now}: an interval counts from the end of the last run, so the missed slots of
 * a server that was down run once, not once each; a cron expression gives its next matching time (UTC).
 */
final class NextRun {
    private static final Logger LOG = LoggerFactory.getLogger(NextRun.class);
    /** The execution time of a paused source: never, in practice. */
    static final Instant PAUSED = Instant.parse("9999-12-31T00:00:00Z");

    private NextRun() {
    }

    /**
     * The next run after {@code now}. A schedule the configuration reader let through but the cron parser refuses
     * (the reader refuses values out of range and crons that cannot fire within a year) falls back to
     * {@link SourceSchedule#DEFAULT}, logged, so a source never stops running because of its schedule.
     */
    static Instant after(@Nullable String scheduleText, Instant now) {
        try {
            SourceSchedule schedule = SourceSchedule.parse(scheduleText);
            if (schedule.every() != null) {
                return now.plus(schedule.every());
            }
            return Schedules.cron(Objects.requireNonNull(schedule.cron()), ZoneOffset.UTC)
                    .getNextExecutionTime(ExecutionComplete.simulatedSuccess(now));
        } catch (RuntimeException e) {
            LOG.warn("schedule '{}' cannot be used ({}); running every {} instead", scheduleText, e.getMessage(),
                    SourceSchedule.DEFAULT);
            return now.plus(Objects.requireNonNull(SourceSchedule.DEFAULT.every()));
        }
    }
}
