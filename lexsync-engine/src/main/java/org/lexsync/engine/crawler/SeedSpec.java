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
 * With {@code search}, the URL is the page holding a search form, and the variables may stand in the form's field
 * values as well; the result of submitting it is the listing page ({@link SearchFormSpec}).
 */
public record SeedSpec(String template, @Nullable Pages pages, @Nullable Window window, @Nullable Range range,
                       @Nullable Boolean expectItems, @Nullable SearchFormSpec search) {

    /** A seed without a search form. */
    public SeedSpec(String template, @Nullable Pages pages, @Nullable Window window, @Nullable Range range,
                    @Nullable Boolean expectItems) {
        this(template, pages, window, range, expectItems, null);
    }

    /** A seed whose first page must list items unless it has date windows or a range (the default). */
    public SeedSpec(String template, @Nullable Pages pages, @Nullable Window window, @Nullable Range range) {
        this(template, pages, window, range, null);
    }


    public SeedSpec {
        Objects.requireNonNull(template, "template");
        String uses = search == null ? template : template + " " + String.join(" ", search.fields().values());
        String who = search == null ? "the URL uses" : "the URL or the search fields use";
        String none = search == null ? "the URL has no " : "neither the URL nor the search fields have ";
        if (uses.contains("{page}") != (pages != null)) {
            throw new IllegalArgumentException(pages == null ? who + " {page} but no pages: are given"
                    : "pages: are given but " + none + "{page}");
        }
        if ((uses.contains("{from}") || uses.contains("{to}")) != (window != null)) {
            throw new IllegalArgumentException(window == null ? who + " {from}/{to} but no window: is given"
                    : "a window: is given but " + (search == null ? "the URL has neither {from} nor {to}"
                    : none + "{from} or {to}"));
        }
        if (range != null && !uses.contains("{" + range.name() + "}")) {
            throw new IllegalArgumentException("a range: named " + range.name() + " but " + none + "{"
                    + range.name() + "}");
        }
        if (pages != null && range != null && range.open()) {
            throw new IllegalArgumentException("a seed pages by pages: or by an open range:, not both");
        }
    }

    /** True when the seed pages on its own (numbered pages or an open offset range) until its stop condition. */
    public boolean paged() {
        return pages != null || range != null && range.open();
    }

    /** Result pages numbered from {@code from} to {@code to} (null: until empty pages or no next link). */
    public record Pages(int from, @Nullable Integer to) {
        public Pages {
            if (to != null && to < from) {
                throw new IllegalArgumentException("pages.to " + to + " is before pages.from " + from);
            }
        }
    }

    /**
     * Date windows: {@code [start, start+step)}, … up to {@code end} (null: today, UTC); or, with {@code last}, the
     * windows of the last {@code last} up to today as each run computes it ({@code start} then null; {@code step}
     * null: one window).
     */
    public record Window(@Nullable LocalDate start, @Nullable LocalDate end, @Nullable Period step,
                         DateTimeFormatter format, @Nullable Period last) {

        /** Windows from a start date. */
        public Window(LocalDate start, @Nullable LocalDate end, Period step, DateTimeFormatter format) {
            this(Objects.requireNonNull(start, "start"), end, Objects.requireNonNull(step, "step"), format, null);
        }

        public Window {
            Objects.requireNonNull(format, "format");
            if ((start == null) == (last == null)) {
                throw new IllegalArgumentException("a window has either a start or a last period, not "
                        + (start == null ? "neither" : "both"));
            }
            if (last != null && (last.isZero() || last.isNegative() || end != null)) {
                throw new IllegalArgumentException("window.last must be a positive period and comes without an end,"
                        + " was " + last);
            }
            if (start != null && step == null) {
                throw new IllegalArgumentException("a window from a start date needs a step");
            }
            if (step != null && (step.isZero() || step.isNegative())) {
                throw new IllegalArgumentException("window.step must be positive, was " + step);
            }
            if (start != null && end != null && end.isBefore(start)) {
                throw new IllegalArgumentException("window.end " + end + " is before window.start " + start);
            }
        }
    }

    /**
     * An integer variable {@code {name}} from {@code from} to {@code to}, both included, by {@code step}; with no
     * {@code to}, an open offset range ({@code begin=0,20,40…}) paged like result pages until the listing's stop
     * condition ({@code stop-when}, {@code stop-after-empty} empty pages).
     */
    public record Range(String name, long from, @Nullable Long to, long step) {

        /** A closed range by 1. */
        public Range(String name, long from, long to) {
            this(name, from, (Long) to, 1);
        }

        public Range {
            Objects.requireNonNull(name, "name");
            if (!name.matches("[a-z][a-z0-9_-]*") || name.equals("page") || name.equals("from") || name.equals("to")) {
                throw new IllegalArgumentException("range.name must be a lower-case word other than page, from, to;"
                        + " was " + name);
            }
            if (step < 1) {
                throw new IllegalArgumentException("range.step must be at least 1, was " + step);
            }
            if (to != null && (to < from || (to - from) / step > 1_000_000)) {
                throw new IllegalArgumentException("range " + from + ".." + to + " is empty or longer than 1,000,000");
            }
        }

        /** True when the range has no end (it pages). */
        public boolean open() {
            return to == null;
        }

        /** The value of the {@code index}-th step. */
        public long value(long index) {
            return from + index * step;
        }
    }
}
