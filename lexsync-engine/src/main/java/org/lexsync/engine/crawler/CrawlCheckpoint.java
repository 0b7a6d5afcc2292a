package org.lexsync.engine.crawler;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A crawl's checkpoint as the store keeps it: either "complete" (the last run listed everything; the next run starts
 * from the first listing page) or the cursor of the next listing page to read, stored with the commit of the last
 * change of the page before it, so that a killed crawl resumes there without reading finished listing pages again
 * (EUCases D2.1 §3.3: its crawlers "restarted from zero"). A second line keeps what each listing seed yielded
 * ({@link SeedYields}: redesign detection across runs).
 *
 * @param cursor the listing cursor to resume at; null with {@code complete}, or for the very first page
 */
record CrawlCheckpoint(boolean complete, @Nullable String cursor, SeedYields yields) {
    static final String PREFIX = "crawler/1 ";
    static final CrawlCheckpoint COMPLETE = new CrawlCheckpoint(true, null);

    CrawlCheckpoint(boolean complete, @Nullable String cursor) {
        this(complete, cursor, SeedYields.NONE);
    }

    CrawlCheckpoint {
        java.util.Objects.requireNonNull(yields, "yields");
    }

    /** The checkpoint to store once the page before {@code next} is committed. */
    static String resumeAt(@Nullable String next) {
        return next == null ? format(COMPLETE) : PREFIX + "next " + next;
    }

    /** As above, with the seeds' yields so far. */
    static String resumeAt(@Nullable String next, SeedYields yields) {
        return format(new CrawlCheckpoint(next == null, next, yields));
    }

    static String format(CrawlCheckpoint c) {
        String first = c.complete ? PREFIX + "complete" : PREFIX + "next " + (c.cursor == null ? "" : c.cursor);
        return c.yields.equals(SeedYields.NONE) ? first : first + "\n" + c.yields.format();
    }

    /** The stored text read back; empty for no checkpoint or text of another format (the crawl starts over). */
    static Optional<CrawlCheckpoint> parse(@Nullable String text) {
        if (text == null || !text.startsWith(PREFIX)) {
            return Optional.empty();
        }
        int newline = text.indexOf('\n');
        String rest = text.substring(PREFIX.length(), newline < 0 ? text.length() : newline);
        SeedYields yields = newline < 0 ? SeedYields.NONE : SeedYields.parse(text.substring(newline + 1));
        if (rest.equals("complete")) {
            return Optional.of(new CrawlCheckpoint(true, null, yields));
        }
        if (rest.startsWith("next ")) {
            String cursor = rest.substring(5);
            return Optional.of(new CrawlCheckpoint(false, cursor.isEmpty() ? null : cursor, yields));
        }
        return Optional.empty();
    }
}
