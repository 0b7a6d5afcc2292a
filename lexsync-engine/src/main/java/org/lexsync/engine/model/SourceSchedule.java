package org.lexsync.engine.model;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How often the server harvests a source (the {@code schedule} key of {@code lexsync.yaml}; docs/architecture.md,
 * "The server"): either an ISO-8601 duration between the end of one run and the start of the next ({@code PT15M},
 * the polling of rinfo §9 "possibly more often than hourly"), or a six-field cron expression (second, minute, hour,
 * day of month, month, day of week; e.g. {@code 0 0 3 * * *}). A source without one runs every {@link #DEFAULT}.
 * Parsing does no I/O.
 */
public record SourceSchedule(@Nullable Duration every, @Nullable String cron) {
    /** The shortest interval accepted: one second. */
    public static final Duration MIN_INTERVAL = Duration.ofSeconds(1);
    /** The schedule of a source that gives none: hourly. */
    public static final SourceSchedule DEFAULT = new SourceSchedule(Duration.ofHours(1), null);
    private static final Pattern CRON_FIELD = Pattern.compile("[0-9A-Za-z*?/,#\\-]+");

    public SourceSchedule {
        if ((every == null) == (cron == null)) {
            throw new IllegalArgumentException("a schedule is either an interval or a cron expression");
        }
        if (every != null && every.compareTo(MIN_INTERVAL) < 0) {
            throw new IllegalArgumentException("the interval must be at least 1 second, was " + every);
        }
    }

    /**
     * Reads a schedule's text; null or blank gives {@link #DEFAULT}.
     *
     * @throws IllegalArgumentException naming what is wrong with the text
     */
    public static SourceSchedule parse(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT;
        }
        String t = text.strip();
        if (t.startsWith("P") || t.startsWith("p")) {
            Duration d;
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("not an ISO-8601 duration such as PT15M: '" + t + "'");
            }
            if (d.compareTo(MIN_INTERVAL) < 0) {
                throw new IllegalArgumentException("must be at least PT1S, was '" + t + "'");
            }
            return new SourceSchedule(d, null);
        }
        String[] fields = t.split("\\s+");
        if (fields.length != 6) {
            throw new IllegalArgumentException("neither an ISO-8601 duration (PT15M) nor a six-field cron expression"
                    + " (second minute hour day-of-month month day-of-week): '" + t + "'");
        }
        for (String f : fields) {
            if (!CRON_FIELD.matcher(f).matches()) {
                throw new IllegalArgumentException("cron field '" + f + "' has characters a cron field cannot have");
            }
        }
        return new SourceSchedule(null, String.join(" ", fields));
    }

    /** The text form: the duration ({@code PT15M}) or the cron expression. */
    @Override
    public String toString() {
        return every != null ? every.toString() : Objects.requireNonNull(cron);
    }
}
