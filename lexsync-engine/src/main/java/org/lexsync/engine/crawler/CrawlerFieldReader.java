package org.lexsync.engine.crawler;

import java.util.ArrayList;
import java.util.IllformedLocaleException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads the fields of a generic crawler — {@code detail.fields} and the listing row's {@code listing.fields} — and
 * the row keys of {@code listing:} ({@code row}, {@code link}, {@code merge}, {@code max-missing}); docs/crawlers.md,
 * "Fields from the listing row" and "Values as portals write them". Every field is checked when read: selectors,
 * regular expressions, date formats in their locale, transforms, and templates, which may name only fields declared
 * before them (and {@code base}).
 */
final class CrawlerFieldReader {
    private static final Set<String> FIELD = Set.of("css", "xpath", "attribute", "regex", "date-format", "locale",
            "required", "fallbacks", "transforms", "date-from", "join", "separator", "template");
    private static final Pattern VARIABLE = Pattern.compile("\\{([^{}]*)}");
    private static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());

    private final CrawlerConfigReader yaml;
    private final TransformReader transforms;
    private final Locale locale;

    /** Fields read with {@code locale} (the source's {@code crawler.locale}) unless they name their own. */
    CrawlerFieldReader(CrawlerConfigReader yaml, Locale locale) {
        this.yaml = yaml;
        this.transforms = new TransformReader(yaml);
        this.locale = locale;
    }

    /** The source-wide {@code locale:} of a crawler, English when none is given. */
    static Locale sourceLocale(CrawlerConfigReader yaml, Map<String, Node> crawler, String at) {
        return crawler.containsKey("locale") ? locale(yaml, crawler.get("locale"), at + ".locale") : Locale.ENGLISH;
    }

    /** A mapping of field names to fields, in declared order. */
    Map<String, FieldSpec> fields(Node node, String at) {
        Map<String, FieldSpec> out = new LinkedHashMap<>();
        yaml.mapping(node, at, null).forEach((name, n) -> out.put(name, field(n, at + "." + name, out.keySet())));
        return out;
    }

    /** The rows of a listing: {@code row}, {@code fields}, {@code link}, {@code merge}, {@code max-missing}. */
    RowSpec rows(Map<String, Node> listing, String at, boolean documents) {
        SelectorSpec row = yaml.selector(listing.get("row"), at + ".row");
        Map<String, FieldSpec> fields = listing.containsKey("fields") ? fields(listing.get("fields"), at + ".fields")
                : Map.of();
        FieldSpec link = listing.containsKey("link") ? field(listing.get("link"), at + ".link", fields.keySet()) : null;
        RowSpec.Merge merge = RowSpec.Merge.DETAIL_WINS;
        if (listing.containsKey("merge")) {
            String m = yaml.scalar(listing.get("merge"), at + ".merge");
            merge = switch (m) {
                case "detail-wins" -> RowSpec.Merge.DETAIL_WINS;
                case "row-wins" -> RowSpec.Merge.ROW_WINS;
                default -> throw yaml.error(at + ".merge", listing.get("merge"),
                        "must be detail-wins or row-wins, was '" + m + "'");
            };
        }
        double maxMissing = 0;
        if (listing.containsKey("max-missing")) {
            String v = yaml.scalar(listing.get("max-missing"), at + ".max-missing").strip();
            try {
                maxMissing = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).strip()) / 100
                        : Double.parseDouble(v);
            } catch (NumberFormatException e) {
                maxMissing = -1;
            }
            if (!(maxMissing >= 0 && maxMissing < 1)) {
                throw yaml.error(at + ".max-missing", listing.get("max-missing"),
                        "must be a share from 0 to below 1 (0.1 or 10%), was '" + v + "'");
            }
        }
        return new RowSpec(row, fields, link, merge, maxMissing, documents);
    }

    private FieldSpec field(Node node, String at, Set<String> earlier) {
        if (node instanceof ScalarNode) {
            return new FieldSpec(List.of(yaml.selector(node, at)), null, null, null, false);
        }
        Map<String, Node> m = yaml.mapping(node, at, FIELD);
        List<SelectorSpec> selectors = new ArrayList<>();
        String join = null;
        String template = null;
        if (m.containsKey("join")) {
            if (m.containsKey("css") || m.containsKey("xpath") || m.containsKey("template")) {
                throw yaml.error(at + ".join", m.get("join"), "give join instead of css, xpath or template, not with");
            }
            List<Node> list = yaml.sequence(m.get("join"), at + ".join");
            for (int i = 0; i < list.size(); i++) {
                selectors.add(yaml.selector(list.get(i), String.format(Locale.ROOT, "%s.join[%d]", at, i)));
            }
            join = m.containsKey("separator") ? yaml.scalar(m.get("separator"), at + ".separator") : " ";
        } else if (m.containsKey("template")) {
            if (m.containsKey("css") || m.containsKey("xpath")) {
                throw yaml.error(at + ".template", m.get("template"), "give template or css/xpath, not both");
            }
            template = template(m.get("template"), at + ".template", earlier);
        } else if (m.containsKey("css") || m.containsKey("xpath") || !m.containsKey("date-from")) {
            selectors.add(yaml.ownSelector(m, node, at));
        }
        if (m.containsKey("separator") && join == null) {
            throw yaml.error(at + ".separator", m.get("separator"), "only a join has a separator");
        }
        if (m.containsKey("fallbacks")) {
            List<Node> fb = yaml.sequence(m.get("fallbacks"), at + ".fallbacks");
            for (int i = 0; i < fb.size(); i++) {
                selectors.add(yaml.selector(fb.get(i), String.format(Locale.ROOT, "%s.fallbacks[%d]", at, i)));
            }
        }
        String attribute = yaml.text(m, at, "attribute", false);
        Pattern regex = m.containsKey("regex") ? yaml.pattern(m.get("regex"), at + ".regex") : null;
        Locale fieldLocale = m.containsKey("locale") ? locale(yaml, m.get("locale"), at + ".locale") : locale;
        LocalizedDates dates = m.containsKey("date-format") ? dates(m.get("date-format"), at + ".date-format",
                fieldLocale) : null;
        if (m.containsKey("locale") && dates == null) {
            throw yaml.error(at + ".locale", m.get("locale"), "a locale is for reading dates: give date-format too");
        }
        boolean required = m.containsKey("required") && yaml.bool(m.get("required"), at + ".required");
        List<ValueTransform> steps = m.containsKey("transforms")
                ? transforms.read(m.get("transforms"), at + ".transforms") : List.of();
        FieldSpec.Context context = m.containsKey("date-from") ? context(m.get("date-from"), at + ".date-from") : null;
        try {
            return new FieldSpec(selectors, attribute, regex, dates, required, steps, context, join, template);
        } catch (IllegalArgumentException e) {
            throw yaml.error(at, node, e.getMessage());
        }
    }

    private String template(Node node, String at, Set<String> earlier) {
        String t = yaml.scalar(node, at);
        Matcher v = VARIABLE.matcher(t);
        while (v.find()) {
            String name = v.group(1);
            if (!name.equals("base") && !earlier.contains(name)) {
                throw yaml.error(at, node, "the template names field '" + name + "', which is not declared before it"
                        + " (known: " + String.join(", ", new ArrayList<>(earlier)) + (earlier.isEmpty() ? "" : ", ")
                        + "base)");
            }
        }
        return t;
    }

    private LocalizedDates dates(Node node, String at, Locale fieldLocale) {
        List<String> patterns = new ArrayList<>();
        if (node instanceof SequenceNode) {
            List<Node> list = yaml.sequence(node, at);
            for (int i = 0; i < list.size(); i++) {
                patterns.add(yaml.scalar(list.get(i), String.format(Locale.ROOT, "%s[%d]", at, i)));
            }
        } else {
            patterns.add(yaml.scalar(node, at));
        }
        try {
            return LocalizedDates.of(patterns, fieldLocale);
        } catch (IllegalArgumentException e) {
            throw yaml.error(at, node, "not a date format: " + e.getMessage());
        }
    }

    /** {@code preceding-heading}, {@code {preceding: SELECTOR}} or {@code {closest: SELECTOR}}. */
    private FieldSpec.Context context(Node node, String at) {
        if (node instanceof ScalarNode) {
            String v = yaml.scalar(node, at);
            if (!v.equals("preceding-heading")) {
                throw yaml.error(at, node, "must be preceding-heading, {preceding: SELECTOR} or {closest: SELECTOR},"
                        + " was '" + v + "'");
            }
            return new FieldSpec.Context(FieldSpec.Context.Kind.PRECEDING_HEADING, null);
        }
        Map<String, Node> m = yaml.mapping(node, at, Set.of("preceding", "closest"));
        if (m.size() != 1) {
            throw yaml.error(at, node, "give exactly one of preceding, closest");
        }
        String key = m.keySet().iterator().next();
        return new FieldSpec.Context(key.equals("preceding") ? FieldSpec.Context.Kind.PRECEDING
                : FieldSpec.Context.Kind.CLOSEST, yaml.selector(m.get(key), at + "." + key));
    }

    private static Locale locale(CrawlerConfigReader yaml, Node node, String at) {
        String tag = yaml.scalar(node, at).strip();
        try {
            Locale l = new Locale.Builder().setLanguageTag(tag).build();
            if (!LANGUAGES.contains(l.getLanguage())) {
                throw yaml.error(at, node, "unknown language '" + tag + "' (a BCP 47 tag such as fr, de-CH, bg)");
            }
            return l;
        } catch (IllformedLocaleException e) {
            throw yaml.error(at, node, "not a language tag: '" + tag + "'");
        }
    }

}
