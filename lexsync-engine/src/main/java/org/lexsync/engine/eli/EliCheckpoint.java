package org.lexsync.engine.eli;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * The ELI source's cursor: the baseline is done and every update up to {@code syncedTo} (a date of the
 * Sitemap or the feed) is held. A daily run compares it with the feed's oldest entry to tell whether the
 * client was away longer than the feed's history (annex §4.1 step 4 needs the feed to reach back to it).
 * Written {@code eli:synced=<W3C datetime>}.
 */
record EliCheckpoint(W3cDateTime syncedTo) {
    private static final String PREFIX = "eli:synced=";

    EliCheckpoint {
        Objects.requireNonNull(syncedTo, "syncedTo");
    }

    static Optional<EliCheckpoint> parse(String text) {
        if (text == null || !text.startsWith(PREFIX)) {
            return Optional.empty();
        }
        var parsed = W3cDateTimes.parse(text.substring(PREFIX.length()));
        return parsed.value() == null ? Optional.empty() : Optional.of(new EliCheckpoint(parsed.value()));
    }

    /** The later of this and {@code t}. */
    EliCheckpoint atLeast(W3cDateTime t) {
        return t != null && t.compareTo(syncedTo) > 0 ? new EliCheckpoint(t) : this;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s%s", PREFIX, syncedTo);
    }
}
