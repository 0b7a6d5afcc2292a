package org.lexsync.engine.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.atom.AtomHarvester;
import org.lexsync.engine.eli.EliHarvester;
import org.lexsync.engine.model.FullTextFormat;
import org.lexsync.engine.resourcesync.ResourceSyncHarvester;

/**
 * What each protocol requires of a configured source — how many URLs and what they mean, which options it
 * understands and their values — so {@link ConfigReader} rejects a wrong source when the file is read (with
 * file, line and key) instead of at sync time, possibly hours later on a schedule. Keep in step with the
 * harvesters' own option parsing.
 */
final class ProtocolRules {

    /** Checks one option value: empty when valid, else what is expected. */
    @FunctionalInterface
    interface OptionCheck {
        Optional<String> problem(String value);
    }

    /** One protocol's rule: the exact number of URLs and what they are, and the options by name. */
    record Rule(int urls, String urlsMeaning, Map<String, OptionCheck> options) {
    }

    private static final Map<String, Rule> RULES = rules();

    private ProtocolRules() {
    }

    /** The rule for a protocol, if it has one. */
    static Optional<Rule> forProtocol(String protocol) {
        return Optional.ofNullable(RULES.get(protocol));
    }

    private static Map<String, Rule> rules() {
        Map<String, Rule> m = new LinkedHashMap<>();
        Map<String, OptionCheck> rs = new LinkedHashMap<>();
        rs.put(ResourceSyncHarvester.OPTION_BASELINE, oneOf("list", "dump", "auto"));
        rs.put(ResourceSyncHarvester.OPTION_DELETE, oneOf("true", "false", "yes", "no"));
        rs.put(ResourceSyncHarvester.OPTION_HASH, oneOf("all", "md5", "sha-256", "sha256", "none"));
        rs.put(ResourceSyncHarvester.OPTION_FROM, v -> W3cDateTimes.parse(v).value() != null ? Optional.empty()
                : Optional.of("a W3C datetime such as 2024-01-31T00:00:00Z"));
        rs.put(ResourceSyncHarvester.OPTION_EXCLUDE, ProtocolRules::regexes);
        rs.put(ResourceSyncHarvester.OPTION_CAPABILITY_LIST, ProtocolRules::httpUrl);
        rs.put(ResourceSyncHarvester.OPTION_ACCESS_TOKEN, v -> Optional.empty());
        rs.put(ResourceSyncHarvester.OPTION_SCRATCH_DIR, v -> Optional.empty());
        m.put(ResourceSyncHarvester.PROTOCOL, new Rule(1, "one URL (the Source Description, a Capability List or"
                + " any URL of the source for discovery)", Map.copyOf(rs)));
        m.put(AtomHarvester.PROTOCOL, new Rule(1, "one URL (the subscription feed)",
                Map.of(AtomHarvester.MAX_DELETE_FRACTION, ProtocolRules::fraction)));
        Map<String, OptionCheck> eli = new LinkedHashMap<>();
        eli.put(EliHarvester.FULL_TEXT, oneOf("none", "first", "all"));
        eli.put(EliHarvester.LANGUAGES, v -> Optional.empty());
        eli.put(EliHarvester.FORMATS, ProtocolRules::formats);
        eli.put(EliHarvester.RESYNC, oneOf("true", "false"));
        m.put(EliHarvester.PROTOCOL, new Rule(2, "two URLs: the Sitemap, then the update feed", Map.copyOf(eli)));
        return Map.copyOf(m);
    }

    private static OptionCheck oneOf(String... values) {
        List<String> allowed = List.of(values);
        return v -> allowed.contains(v.strip().toLowerCase(Locale.ROOT)) ? Optional.empty()
                : Optional.of("one of " + String.join(", ", allowed));
    }

    private static Optional<String> fraction(String v) {
        try {
            double d = Double.parseDouble(v.strip());
            if (d >= 0 && d <= 1) {
                return Optional.empty();
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        return Optional.of("a number from 0 to 1");
    }

    private static Optional<String> regexes(String v) {
        for (String x : v.split("\n")) {
            try {
                Pattern.compile(x);
            } catch (PatternSyntaxException e) {
                return Optional.of("regular expressions, one per line ('" + x + "': " + e.getDescription() + ")");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> httpUrl(String v) {
        String s = v.strip().toLowerCase(Locale.ROOT);
        return s.startsWith("http://") || s.startsWith("https://") ? Optional.empty()
                : Optional.of("an absolute http(s) URL");
    }

    private static Optional<String> formats(String v) {
        for (String f : v.split(",")) {
            if (!f.isBlank()) {
                try {
                    FullTextFormat.parse(f);
                } catch (IllegalArgumentException e) {
                    return Optional.of("a comma-separated list of html, xhtml, xml, pdf (or their media types)");
                }
            }
        }
        return Optional.empty();
    }
}
