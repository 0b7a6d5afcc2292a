package org.lexsync.engine.eli;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;

import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTime.Precision;
import org.lexsync.engine.model.ResourceState;

/**
 * Tells whether a held ELI is current for a date the Sitemap or the update feed states (ELI Pillar IV annex
 * §4.1 steps 3b, 4a: only an ELI not held or held with an older date is fetched). The two channels write
 * dates at different granularity — a Sitemap {@code lastmod} is often a date, a feed's {@code updated} a
 * date-time — so dates are compared at the granularity both share: a page stored with the feed's
 * {@code 2026-01-05T10:00:00Z} is current for a Sitemap's {@code 2026-01-05}. A page stored with a coarser
 * date than the one stated ({@code 2026-01-05} against {@code 2026-01-05T10:00:00Z}) cannot tell which is
 * newer and is fetched; {@link #refine} keeps that rare by storing a Sitemap entry under the feed's finer date
 * of the same modification. Our own harvest time is never compared with a publisher's date (clocks and
 * back-dated entries differ).
 */
final class SourceDates {

    private SourceDates() {
    }

    /** True when {@code held} needs no fetch for the date {@code stated} (null: undated, always fetched). */
    static boolean current(W3cDateTime stated, ResourceState held) {
        if (held == null || !held.active() || stated == null) {
            return false;
        }
        W3cDateTime stored = held.sourceTimestamp();
        if (stored != null) {
            int cmp = compareShared(stated, stored);
            return cmp < 0 || cmp == 0 && stored.precision().compareTo(stated.precision()) >= 0;
        }
        return false;
    }

    /**
     * The date to plan a Sitemap entry with, given the date the update feed (read before the Sitemap) states for
     * the same ELI: the feed's when it is later, or the same at the Sitemap's granularity but finer (the feed
     * dates the same modification more precisely); else the Sitemap's. A page fetched after the feed was read
     * holds every modification the feed listed, so storing it under the feed's date makes the feed's entry
     * current for it, in this run and the next.
     */
    static W3cDateTime refine(W3cDateTime sitemap, W3cDateTime feed) {
        if (feed == null) {
            return sitemap;
        }
        if (sitemap == null) {
            return feed;
        }
        int cmp = compareShared(feed, sitemap);
        return cmp > 0 || cmp == 0 && feed.precision().compareTo(sitemap.precision()) > 0 ? feed : sitemap;
    }

    /** Compares {@code a} with {@code b} at the coarser of their two precisions (dates as each was written). */
    static int compareShared(W3cDateTime a, W3cDateTime b) {
        Precision p = a.precision().compareTo(b.precision()) <= 0 ? a.precision() : b.precision();
        return switch (p) {
            case YEAR, MONTH, DAY -> truncatedLocal(a, p).compareTo(truncatedLocal(b, p));
            case MINUTE -> a.toInstant().truncatedTo(ChronoUnit.MINUTES)
                    .compareTo(b.toInstant().truncatedTo(ChronoUnit.MINUTES));
            case SECOND -> a.toInstant().truncatedTo(ChronoUnit.SECONDS)
                    .compareTo(b.toInstant().truncatedTo(ChronoUnit.SECONDS));
            case FRACTION -> {
                long unit = nanosPerDigit(Math.min(a.fractionDigits(), b.fractionDigits()));
                yield truncatedNanos(a.toInstant(), unit).compareTo(truncatedNanos(b.toInstant(), unit));
            }
        };
    }

    /** The date (or month, or year) as written, in the value's own offset. */
    private static LocalDateTime truncatedLocal(W3cDateTime t, Precision p) {
        LocalDateTime local = t.toOffsetDateTime().toLocalDateTime().truncatedTo(ChronoUnit.DAYS);
        return switch (p) {
            case YEAR -> local.withDayOfYear(1);
            case MONTH -> local.withDayOfMonth(1);
            default -> local;
        };
    }

    private static long nanosPerDigit(int digits) {
        long unit = 1;
        for (int i = Math.max(0, Math.min(9, digits)); i < 9; i++) {
            unit *= 10;
        }
        return unit;
    }

    private static Instant truncatedNanos(Instant t, long unit) {
        return Instant.ofEpochSecond(t.getEpochSecond(), t.getNano() - t.getNano() % unit);
    }
}
