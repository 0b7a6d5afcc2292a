package org.lexsync.engine.model;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@code lexsync check} (or {@code POST /api/check}) is asked to check. The root is kept as the text the user
 * gave, so that a malformed URL becomes a finding of the report rather than an exception.
 *
 * @param protocol    which rules apply
 * @param root        the root document: an http(s) URL (ELI Sitemap, ResourceSync source or document, Atom feed) or,
 *                    for a document group, the metaInfo XML file or URL
 * @param companion   the ELI update feed URL, or a document group's ZIP package; null when none is given
 * @param atomProfile the Atom rule set (ignored for other protocols)
 * @param maxEntries  the most entries read over the whole publication (documents stop being read past it)
 * @param sample      how many linked resources (ELI pages, ResourceSync resources, Atom documents) are fetched to
 *                    verify hash, length and media type; {@link #SAMPLE_ALL} for all of them, 0 for none
 * @param maxArchives the most RFC 5005 archive documents followed behind an Atom feed
 * @param delay       the least time between two requests to one host
 */
public record CheckRequest(CheckProtocol protocol, String root, @Nullable String companion, AtomProfile atomProfile,
                           long maxEntries, long sample, int maxArchives, Duration delay) {
    /** {@link #sample} value asking for every linked resource. */
    public static final long SAMPLE_ALL = Long.MAX_VALUE;
    /** Default {@link #maxEntries}. */
    public static final long DEFAULT_MAX_ENTRIES = 1_000_000;
    /** Default {@link #sample}. */
    public static final long DEFAULT_SAMPLE = 20;
    /** Default {@link #maxArchives}. */
    public static final int DEFAULT_MAX_ARCHIVES = 1_000;

    /** The Atom rules a feed is checked against. */
    public enum AtomProfile {
        /** RFC 4287 with RFC 5005 and RFC 6721. */
        RFC4287,
        /** The Swedish legal information system's collection profile (rinfo-atom-insamling §3–§7). */
        RINFO
    }

    public CheckRequest {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(atomProfile, "atomProfile");
        Objects.requireNonNull(delay, "delay");
        if (maxEntries < 1) {
            throw new OptionException("max-entries", Long.toString(maxEntries), "a whole number of at least 1");
        }
        if (sample < 0) {
            throw new OptionException("sample", Long.toString(sample), "a whole number of at least 0, or all");
        }
        if (maxArchives < 0) {
            throw new OptionException("max-archives", Integer.toString(maxArchives), "a whole number of at least 0");
        }
        if (delay.isNegative()) {
            throw new OptionException("delay", delay.toString(), "a duration of at least 0 seconds");
        }
    }

    /** A request with the defaults: no companion, RFC 4287, default limits and sample, a one-second delay. */
    public static CheckRequest of(CheckProtocol protocol, String root) {
        return new CheckRequest(protocol, root, null, AtomProfile.RFC4287, DEFAULT_MAX_ENTRIES, DEFAULT_SAMPLE,
                DEFAULT_MAX_ARCHIVES, Duration.ofSeconds(1));
    }

    public CheckRequest withCompanion(@Nullable String value) {
        return new CheckRequest(protocol, root, value, atomProfile, maxEntries, sample, maxArchives, delay);
    }

    public CheckRequest withAtomProfile(AtomProfile value) {
        return new CheckRequest(protocol, root, companion, value, maxEntries, sample, maxArchives, delay);
    }

    public CheckRequest withMaxEntries(long value) {
        return new CheckRequest(protocol, root, companion, atomProfile, value, sample, maxArchives, delay);
    }

    public CheckRequest withSample(long value) {
        return new CheckRequest(protocol, root, companion, atomProfile, maxEntries, value, maxArchives, delay);
    }

    public CheckRequest withMaxArchives(int value) {
        return new CheckRequest(protocol, root, companion, atomProfile, maxEntries, sample, value, delay);
    }

    public CheckRequest withDelay(Duration value) {
        return new CheckRequest(protocol, root, companion, atomProfile, maxEntries, sample, maxArchives, value);
    }

    /** Reads {@code --sample}: a whole number or {@code all}; anything else is an {@link OptionException}. */
    public static long sampleFromText(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("all")) {
            return SAMPLE_ALL;
        }
        try {
            long n = Long.parseLong(t);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new OptionException("sample", text, "a whole number of at least 0, or all");
    }
}
