package org.lexsync.engine.crawler;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a generic crawler reads one metadata field of a detail page or a listing row: selectors tried in order (the
 * first, then the fallbacks) until one gives a value — or, with {@code join}, the values of all of them joined by
 * that separator — the attribute to read (null: the element's text; {@code href}/{@code src} resolved to absolute
 * URLs as a browser would), a regular expression whose first group (or whole match) is the value, transforms applied
 * in order, date formats that turn the value into an ISO date, and whether the field is required (missing fails the
 * run: the sanity gate). A field may instead be read from an element around or before its root ({@code context}:
 * the nearest preceding heading, a date grouping heading) or be built from other fields ({@code template}).
 */
public record FieldSpec(List<SelectorSpec> selectors, @Nullable String attribute, @Nullable Pattern regex,
                        @Nullable LocalizedDates dates, boolean required, List<ValueTransform> transforms,
                        @Nullable Context context, @Nullable String join, @Nullable String template) {

    public FieldSpec {
        selectors = List.copyOf(selectors);
        transforms = List.copyOf(transforms);
        if (selectors.isEmpty() && template == null && context == null) {
            throw new IllegalArgumentException("a field needs at least one selector (or a template, or date-from)");
        }
        if (template != null && !selectors.isEmpty()) {
            throw new IllegalArgumentException("a field is read by selectors or built by a template, not both");
        }
    }

    /** A field as older configurations and Java crawlers make it: selectors, attribute, regex, one date format. */
    public FieldSpec(List<SelectorSpec> selectors, @Nullable String attribute, @Nullable Pattern regex,
                     @Nullable DateTimeFormatter dateFormat, boolean required) {
        this(selectors, attribute, regex, dateFormat == null ? null : LocalizedDates.of(dateFormat), required,
                List.of(), null, null, null);
    }

    /** The first date format (what older configurations and Java crawlers set); null when the field has none. */
    public @Nullable DateTimeFormatter dateFormat() {
        return dates == null ? null : dates.formatters().get(0);
    }

    /** A field read as the text of {@code selector}. */
    public static FieldSpec text(SelectorSpec selector, boolean required) {
        return new FieldSpec(List.of(Objects.requireNonNull(selector)), null, null, null, required);
    }

    /**
     * Where a field is read when not (only) inside its root: the nearest heading ({@code h1}–{@code h6}) before the
     * root, the nearest element before it that {@code selector} matches, or the nearest element enclosing it that
     * {@code selector} matches (lists grouped under "July 17, 2014" headings, tables per year). The field's own
     * selectors, when it has any, are then applied inside that element; without them its text is the value.
     */
    public record Context(Kind kind, @Nullable SelectorSpec selector) {
        /** The ways to find the element. */
        public enum Kind { PRECEDING_HEADING, PRECEDING, CLOSEST }

        public Context {
            Objects.requireNonNull(kind, "kind");
            if ((kind == Kind.PRECEDING_HEADING) != (selector == null)) {
                throw new IllegalArgumentException(kind + (selector == null ? " needs" : " takes no") + " selector");
            }
        }

        @Override
        public String toString() {
            return switch (kind) {
                case PRECEDING_HEADING -> "preceding-heading";
                case PRECEDING -> "preceding " + selector;
                case CLOSEST -> "closest " + selector;
            };
        }
    }
}
