package org.lexsync.engine.eli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.lexsync.engine.model.FullTextFormat;
import org.lexsync.engine.rdf.FullTextMode;
import org.lexsync.engine.rdf.FullTextSelector;

/**
 * Which full texts a harvest downloads (ELI Pillar IV annex §4.2): none, the first listed format per legal
 * expression, or every listed one; optionally only some languages; formats in order of preference.
 *
 * @param mode null when no full text is wanted
 */
record FullTextOptions(FullTextMode mode, Set<String> languages, List<FullTextFormat> order) {
    static final FullTextOptions NONE = new FullTextOptions(null, Set.of(), FullTextSelector.DEFAULT_ORDER);

    FullTextOptions {
        languages = Set.copyOf(languages);
        order = List.copyOf(order);
    }

    boolean wanted() {
        return mode != null;
    }

    /** From the harvest options {@code full-text} (none|first|all), {@code languages} and {@code formats} (comma lists). */
    static FullTextOptions parse(String fullText, String languages, String formats) {
        String m = fullText == null ? "none" : fullText.strip().toLowerCase(Locale.ROOT);
        FullTextMode mode = switch (m) {
            case "none", "" -> null;
            case "first" -> FullTextMode.FIRST;
            case "all" -> FullTextMode.ALL;
            default -> throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "full-text must be none, first or all, was '%s'", fullText));
        };
        Set<String> langs = new LinkedHashSet<>(split(languages));
        List<FullTextFormat> order = new ArrayList<>();
        for (String f : split(formats)) {
            order.add(FullTextFormat.parse(f));
        }
        return new FullTextOptions(mode, langs, order.isEmpty() ? FullTextSelector.DEFAULT_ORDER : order);
    }

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return java.util.Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
