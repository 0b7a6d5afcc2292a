package org.lexsync.engine.crawler;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a generic crawler reads one metadata field of a detail page: selectors tried in order (the first, then the
 * fallbacks) until one gives a value, the attribute to read (null: the element's text; {@code href}/{@code src}
 * resolved to absolute URLs), a regular expression whose first group (or whole match) is the value, a date format
 * that turns the value into an ISO date, and whether the field is required (missing fails the run: the sanity gate).
 */
public record FieldSpec(List<SelectorSpec> selectors, @Nullable String attribute, @Nullable Pattern regex,
                        @Nullable DateTimeFormatter dateFormat, boolean required) {

    public FieldSpec {
        selectors = List.copyOf(selectors);
        if (selectors.isEmpty()) {
            throw new IllegalArgumentException("a field needs at least one selector");
        }
    }

    /** A field read as the text of {@code selector}. */
    public static FieldSpec text(SelectorSpec selector, boolean required) {
        return new FieldSpec(List.of(Objects.requireNonNull(selector)), null, null, null, required);
    }
}
