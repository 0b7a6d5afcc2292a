package org.lexsync.engine.crawler;

import java.time.LocalDate;
import java.time.Period;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a generic crawler's listing starts (EUCases D2.1 §2: portals are listed by result pages, date searches and
 * number ranges): a URL template, absolute or relative to the portal's home, with optional variables — {@code {page}}
 * (result pages from {@code pages.from}, up to {@code pages.to} or until {@code stop-after-empty} empty pages),
 * {@code {from}}/{@code {to}} (date windows of {@code window.step} between {@code window.start} and
 * {@code window.end}, written in {@code window.format}) and one integer range {@code {NAME}}. {@code expectItems}
 * says whether the seed's first page must list items (the sanity gate); null: yes, unless the seed has date windows
 * or a range (an empty window is normal), and a page such as a removal list that may well be empty says false.
 */
public record SeedSpec(String template, @Nullable Pages pages, @Nullable Window window, @Nullable Range range,
                       @Nullable Boolean expectItems) {

    /** A seed whose first page must list items unless it has date windows or a range (the default). */
    public SeedSpec(String template, @Nullable Pages pages, @Nullable Window window, @Nullable Range range) {
        this(template, pages, window, range, null);
    }


    public SeedSpec {
        Objects.requireNonNull(template, "template");
        if (template.contains("{page}") != (pages != null)) {
            throw new IllegalArgumentException(pages == null ? "the URL uses {page} but no pages: are given"
                    : "pages: are given but the URL has no {page}");
        }
        if ((template.contains("{from}") || template.contains("{to}")) != (window != null)) {
            throw new IllegalArgumentException(window == null ? "the URL uses {from}/{to} but no window: is given"
                    : "a window: is given but the URL has neither {from} nor {to}");
        }
        if (range != null && !template.contains("{" + range.name() + "}")) {
            throw new IllegalArgumentException("a range: named " + range.name() + " but the URL has no {"
                    + range.name() + "}");
        }
    }

    /** Result pages numbered from {@code from} to {@code to} (null: until empty pages or no next link). */
    public record Pages(int from, @Nullable Integer to) {
        public Pages {
            if (to != null && to < from) {
                throw new IllegalArgumentException("pages.to " + to + " is before pages.from " + from);
            }
        }
    }

    /** Date windows: {@code [start, start+step)}, … up to {@code end} (null: today, UTC). */
    public record Window(LocalDate start, @Nullable LocalDate end, Period step, DateTimeFormatter format) {
        public Window {
            Objects.requireNonNull(start, "start");
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(format, "format");
            if (step.isZero() || step.isNegative()) {
                throw new IllegalArgumentException("window.step must be positive, was " + step);
            }
            if (end != null && end.isBefore(start)) {
                throw new IllegalArgumentException("window.end " + end + " is before window.start " + start);
            }
        }
    }

    /** An integer variable {@code {name}} from {@code from} to {@code to}, both included. */
    public record Range(String name, long from, long to) {
        public Range {
            Objects.requireNonNull(name, "name");
            if (!name.matches("[a-z][a-z0-9_-]*") || name.equals("page") || name.equals("from") || name.equals("to")) {
                throw new IllegalArgumentException("range.name must be a lower-case word other than page, from, to;"
                        + " was " + name);
            }
            if (to < from || to - from > 1_000_000) {
                throw new IllegalArgumentException("range " + from + ".." + to + " is empty or longer than 1,000,000");
            }
        }
    }
}
