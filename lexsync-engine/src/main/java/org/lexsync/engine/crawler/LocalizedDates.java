package org.lexsync.engine.crawler;

import java.text.Normalizer;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates as portals write them (docs/crawlers.md, "Values as portals write them"): one or more {@code date-format}
 * patterns tried in order, in the portal's language ({@code locale}). Before parsing, ordinal day suffixes are
 * dropped ("1st", "1er", "3º"), whitespace is collapsed, and any word that is a month of the locale — full or
 * abbreviated, in its format or stand-alone form, with or without a final dot, case and accents ignored, or the
 * start (three letters or more) of a full name, as in "Sept." — is read as that month; a pattern's {@code MMM}
 * reads abbreviated and full names alike. The month names are java.time's (CLDR), so every language it knows works.
 */
public final class LocalizedDates {
    private static final Pattern ORDINAL = Pattern.compile("(?<=\\d)(?:st|nd|rd|th|er|re|e|ème|º|°|ª)(?=[\\s.,]|$)",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern WORD = Pattern.compile("\\p{L}+\\.?");
    private static final Pattern SPACES = Pattern.compile("[\\s\\u00a0]+");
    private static final Pattern MONTH_FIELD = Pattern.compile("[ML]{3,}");

    private final List<String> patterns;
    private final List<DateTimeFormatter> formatters;
    private final Locale locale;
    private final Map<String, Month> months = new HashMap<>();
    private final Map<String, Month> fullNames = new HashMap<>();

    private LocalizedDates(List<String> patterns, List<DateTimeFormatter> formatters, Locale locale) {
        this.patterns = List.copyOf(patterns);
        this.formatters = List.copyOf(formatters);
        this.locale = locale;
        for (Month m : Month.values()) {
            for (TextStyle style : TextStyle.values()) {
                String name = key(m.getDisplayName(style, locale));
                if (!name.isEmpty() && !Character.isDigit(name.charAt(0))) {
                    months.putIfAbsent(name, m);
                }
            }
            fullNames.put(key(m.getDisplayName(TextStyle.FULL, locale)), m);
            fullNames.put(key(m.getDisplayName(TextStyle.FULL_STANDALONE, locale)), m);
        }
    }

    /**
     * Dates in {@code patterns} (java.time patterns, tried in order) and {@code locale}.
     *
     * @throws IllegalArgumentException naming the pattern that is not a date format
     */
    public static LocalizedDates of(List<String> patterns, Locale locale) {
        Objects.requireNonNull(locale, "locale");
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("at least one date format is needed");
        }
        List<DateTimeFormatter> out = new ArrayList<>();
        for (String p : patterns) {
            try {
                out.add(new DateTimeFormatterBuilder().parseCaseInsensitive().parseLenient()
                        .appendPattern(fullMonths(p)).toFormatter(locale).withResolverStyle(ResolverStyle.SMART));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + p + "' is not a date format: " + e.getMessage());
            }
        }
        return new LocalizedDates(patterns, out, locale);
    }

    /** One ready formatter, read as is (the single {@code date-format} of older configurations and Java crawlers). */
    public static LocalizedDates of(DateTimeFormatter formatter) {
        return new LocalizedDates(List.of(formatter.toString()), List.of(formatter), formatter.getLocale());
    }

    public List<String> patterns() {
        return patterns;
    }

    /** The formatters, one per pattern, in order. */
    List<DateTimeFormatter> formatters() {
        return formatters;
    }

    public Locale locale() {
        return locale;
    }

    /** The ISO date {@code text} is in the first pattern that reads it, or empty. */
    public Optional<LocalDate> parse(String text) {
        String plain = SPACES.matcher(text).replaceAll(" ").strip();
        for (DateTimeFormatter f : formatters) {
            try {
                return Optional.of(LocalDate.parse(plain, f));
            } catch (DateTimeParseException e) {
                // try the normalised text, then the next pattern
            }
        }
        String normal = normalise(plain);
        for (DateTimeFormatter f : formatters) {
            try {
                return Optional.of(LocalDate.parse(normal, f));
            } catch (DateTimeParseException e) {
                // the next pattern
            }
        }
        return Optional.empty();
    }

    /** Ordinals dropped, month words replaced by the locale's full month name. */
    String normalise(String text) {
        String s = ORDINAL.matcher(text).replaceAll("");
        Matcher m = WORD.matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            Month month = month(m.group());
            m.appendReplacement(b, Matcher.quoteReplacement(month == null ? m.group()
                    : month.getDisplayName(TextStyle.FULL, locale)));
        }
        m.appendTail(b);
        return SPACES.matcher(b).replaceAll(" ").strip();
    }

    private Month month(String word) {
        String k = key(word);
        Month m = months.get(k);
        if (m == null && !k.equals(key(word.replace(".", "")))) {
            m = months.get(key(word.replace(".", "")));
        }
        if (m != null) {
            return m;
        }
        String bare = key(word.replace(".", ""));
        if (bare.length() < 3) {
            return null;
        }
        Month found = null;
        for (Map.Entry<String, Month> e : fullNames.entrySet()) {
            if (e.getKey().startsWith(bare)) {
                if (found != null && found != e.getValue()) {
                    return null;
                }
                found = e.getValue();
            }
        }
        return found;
    }

    /** Lower case without accents, for comparing month names ("Μαρτίου", "ΜΑΡΤΙΟΥ", "marz", "März"). */
    private String key(String s) {
        String d = Normalizer.normalize(s.toLowerCase(locale), Normalizer.Form.NFD);
        return d.replaceAll("\\p{M}+", "");
    }

    /** {@code pattern} with each month-text field ({@code MMM}, {@code LLLL}) as {@code MMMM}, quoted parts kept. */
    private static String fullMonths(String pattern) {
        StringBuilder b = new StringBuilder();
        boolean quoted = false;
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
                b.append(c);
                i++;
                continue;
            }
            if (!quoted) {
                Matcher m = MONTH_FIELD.matcher(pattern).region(i, pattern.length());
                if (m.lookingAt()) {
                    b.append("MMMM");
                    i = m.end();
                    continue;
                }
            }
            b.append(c);
            i++;
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return String.join(" | ", patterns) + " (" + locale.toLanguageTag() + ")";
    }
}
