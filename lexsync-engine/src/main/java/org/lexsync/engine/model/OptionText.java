package org.lexsync.engine.model;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads option values given as text (shared by the protocols' {@code fromText}). */
final class OptionText {
    private OptionText() {
    }

    /** The lower-cased, stripped value of {@code key}, or null when absent. */
    static String lower(Map<String, String> text, String key) {
        String v = text.get(key);
        return v == null ? null : v.strip().toLowerCase(Locale.ROOT);
    }

    static boolean bool(Map<String, String> text, String key, boolean fallback) {
        String v = lower(text, key);
        if (v == null) {
            return fallback;
        }
        return switch (v) {
            case "true", "yes" -> true;
            case "false", "no" -> false;
            default -> throw new OptionException(key, text.get(key), "one of true, false, yes, no");
        };
    }

    /** Non-blank items of a list given one per line. */
    static List<String> lines(String value) {
        return value == null ? List.of() : value.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** Non-blank items of a comma-separated list. */
    static List<String> commaList(String value) {
        return value == null || value.isBlank() ? List.of()
                : Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
