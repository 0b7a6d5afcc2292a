package org.lexsync.core.atom;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * An Atom Date construct (RFC 4287 §3.3, RFC 3339) as written: the raw text, the value it was read as
 * (null when it is not a date at all, see {@code error}) and the tolerated {@link Deviation}s that
 * validators turn into findings.
 */
public record AtomDate(String raw, W3cDateTime value, Set<Deviation> deviations, String error) {

    public AtomDate {
        Objects.requireNonNull(raw, "raw");
        deviations = Set.copyOf(deviations);
    }

    /** Reads a date construct leniently; never throws. */
    public static AtomDate parse(String raw) {
        ParsedDateTime p = W3cDateTimes.parse(raw);
        return new AtomDate(raw, p.value(), p.deviations(), p.error());
    }

    /** A date from a value, written in its canonical form. */
    public static AtomDate of(W3cDateTime value) {
        return new AtomDate(value.toString(), value, Set.of(), null);
    }

    public static AtomDate of(Instant instant) {
        return of(W3cDateTime.of(instant));
    }

    public boolean ok() {
        return value != null;
    }

    /** The instant, or null when the text is not a date. */
    public Instant instant() {
        return value == null ? null : value.toInstant();
    }

    /** RFC 3339 needs a full date and time: true when the value is at second precision or finer. */
    public boolean fullPrecision() {
        return value != null && value.precision().compareTo(W3cDateTime.Precision.SECOND) >= 0;
    }

    /** True when this date is strictly earlier than {@code other}; false when either is not a date. */
    public boolean isBefore(AtomDate other) {
        return value != null && other != null && other.value != null && value.isBefore(other.value);
    }

    /** The form a writer emits: canonical when the value parsed, else the raw text. */
    public String canonical() {
        return value == null ? raw : value.toString();
    }

    @Override
    public String toString() {
        return raw;
    }
}
