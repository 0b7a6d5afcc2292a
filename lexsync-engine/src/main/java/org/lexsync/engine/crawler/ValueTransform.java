package org.lexsync.engine.crawler;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One step of cleaning a value as a portal writes it (docs/crawlers.md, "Values as portals write them"): a field's
 * transforms are applied in the order configured, after its regular expression and before its date format, so that
 * a crawler configuration never needs code. Each kind is checked when it is made (a replacement naming a group the
 * regular expression does not have is refused then, not at run time).
 */
public sealed interface ValueTransform {

    /** The value after this step. */
    String apply(String value);

    /** Every match of {@code regex} replaced by {@code with}, where {@code $1} or {@code ${name}} name its groups. */
    record Replace(Pattern regex, String with) implements ValueTransform {
        private static final Pattern GROUP_REF = Pattern.compile("\\\\.|\\$(\\d+|\\{([A-Za-z][A-Za-z0-9]*)})");

        /** @throws IllegalArgumentException when {@code with} names a group {@code regex} does not have */
        public Replace {
            Objects.requireNonNull(regex, "regex");
            Objects.requireNonNull(with, "with");
            int groups = regex.matcher("").groupCount();
            Matcher m = GROUP_REF.matcher(with);
            while (m.find()) {
                if (m.group(2) != null) {
                    if (!regex.pattern().contains("(?<" + m.group(2) + ">")) {
                        throw new IllegalArgumentException("replacement '" + with + "' names group '" + m.group(2)
                                + "' that " + regex.pattern() + " does not have");
                    }
                } else if (m.group(1) != null && Integer.parseInt(m.group(1).substring(0, 1)) > groups) {
                    throw new IllegalArgumentException("replacement '" + with + "' names group $" + m.group(1)
                            + " but " + regex.pattern() + " has " + groups);
                }
            }
            for (int i = 0; i < with.length(); i++) {
                char c = with.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == '$' && (i + 1 >= with.length()
                        || !Character.isDigit(with.charAt(i + 1)) && with.charAt(i + 1) != '{')) {
                    throw new IllegalArgumentException("replacement '" + with + "': a $ must name a group ($1,"
                            + " ${name}); write \\$ for a dollar sign");
                }
            }
        }

        @Override
        public String apply(String value) {
            return regex.matcher(value).replaceAll(with);
        }
    }

    /** The transforms without settings. */
    enum Simple implements ValueTransform {
        TRIM("trim"), COLLAPSE_WHITESPACE("collapse-whitespace"), TITLE_CASE("title-case"), UPPER("upper"),
        LOWER("lower");

        private static final Pattern SPACES = Pattern.compile("[\\s\\u00a0]+");
        private final String token;

        Simple(String token) {
            this.token = token;
        }

        /** The name used in lexsync.yaml. */
        public String token() {
            return token;
        }

        /** The transform named {@code token}, or null. */
        public static @Nullable Simple of(String token) {
            for (Simple s : values()) {
                if (s.token.equals(token)) {
                    return s;
                }
            }
            return null;
        }

        @Override
        public String apply(String value) {
            return switch (this) {
                case TRIM -> value.strip();
                case COLLAPSE_WHITESPACE -> SPACES.matcher(value).replaceAll(" ").strip();
                case TITLE_CASE -> titleCase(value);
                case UPPER -> value.toUpperCase(Locale.ROOT);
                case LOWER -> value.toLowerCase(Locale.ROOT);
            };
        }

        private static String titleCase(String value) {
            StringBuilder b = new StringBuilder(value.length());
            boolean start = true;
            for (int i = 0; i < value.length(); ) {
                int cp = value.codePointAt(i);
                if (Character.isLetter(cp)) {
                    b.appendCodePoint(start ? Character.toTitleCase(cp) : Character.toLowerCase(cp));
                    start = false;
                } else {
                    b.appendCodePoint(cp);
                    start = !(cp == '\'' || cp == '\u2019' || Character.isDigit(cp));
                }
                i += Character.charCount(cp);
            }
            return b.toString();
        }
    }

    /** A value replaced by its entry in {@code values}; one without an entry by {@code otherwise} (null: kept). */
    record MapValues(Map<String, String> values, @Nullable String otherwise) implements ValueTransform {
        public MapValues {
            values = Map.copyOf(values);
        }

        @Override
        public String apply(String value) {
            String v = values.get(value);
            return v != null ? v : otherwise != null ? otherwise : value;
        }
    }

    /** {@code value} after every step of {@code transforms}, in order. */
    static String applyAll(List<ValueTransform> transforms, String value) {
        String v = value;
        for (ValueTransform t : transforms) {
            v = t.apply(v);
        }
        return v;
    }
}
