package org.lexsync.core.time;

import java.util.Set;

/**
 * The outcome of {@link W3cDateTimes#parse}: a value (null when the text is not a date-time at all),
 * the tolerated {@link Deviation}s from the W3C profile, and an error message when {@code value} is null.
 */
public record ParsedDateTime(W3cDateTime value, Set<Deviation> deviations, String error) {

    public ParsedDateTime {
        // Set.copyOf copies through a HashSet; the strict (empty) case is the hot path of every reader.
        deviations = deviations.isEmpty() ? Set.of() : Set.copyOf(deviations);
    }

    public boolean ok() {
        return value != null;
    }

    /** True when the value parsed and follows the W3C profile exactly. */
    public boolean strict() {
        return value != null && deviations.isEmpty();
    }
}
