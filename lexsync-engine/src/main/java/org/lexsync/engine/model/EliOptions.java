package org.lexsync.engine.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How an ELI Pillar IV source (Sitemap + update feed) is harvested.
 *
 * @param fullText  which full texts to download per legal expression (annex §4.2)
 * @param languages only full texts in these languages (codes as the publisher writes them); empty for all
 * @param formats   full-text formats in order of preference; empty for the default order
 * @param resync    walk the whole Sitemap again even when the feed reaches back to the checkpoint
 */
public record EliOptions(FullText fullText, Set<String> languages, List<FullTextFormat> formats, boolean resync)
        implements ProtocolOptions {
    public static final String PROTOCOL = "eli";
    public static final String KEY_FULL_TEXT = "full-text";
    /** Comma-separated. */
    public static final String KEY_LANGUAGES = "languages";
    /** Comma-separated. */
    public static final String KEY_FORMATS = "formats";
    public static final String KEY_RESYNC = "resync";
    /** The option keys {@link #fromText} reads. */
    public static final List<String> KEYS = List.of(KEY_FULL_TEXT, KEY_LANGUAGES, KEY_FORMATS, KEY_RESYNC);
    /** Metadata only, no resync. */
    public static final EliOptions DEFAULT = new EliOptions(FullText.NONE, Set.of(), List.of(), false);

    /** How many full texts per legal expression (annex §4.2 steps 1, 2 and 4). */
    public enum FullText {
        /** Metadata only. */
        NONE,
        /** The first listed format found. */
        FIRST,
        /** Every listed format. */
        ALL
    }

    public EliOptions {
        Objects.requireNonNull(fullText, "fullText");
        languages = Set.copyOf(new LinkedHashSet<>(languages));
        formats = List.copyOf(formats);
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    /** The options given as text (keys {@link #KEYS}); a bad value is an {@link OptionException}. */
    public static EliOptions fromText(Map<String, String> text) {
        String m = OptionText.lower(text, KEY_FULL_TEXT);
        FullText fullText = m == null ? FullText.NONE : switch (m) {
            case "none", "" -> FullText.NONE;
            case "first" -> FullText.FIRST;
            case "all" -> FullText.ALL;
            default -> throw new OptionException(KEY_FULL_TEXT, text.get(KEY_FULL_TEXT), "one of none, first, all");
        };
        List<FullTextFormat> formats = new ArrayList<>();
        for (String f : OptionText.commaList(text.get(KEY_FORMATS))) {
            try {
                formats.add(FullTextFormat.parse(f));
            } catch (IllegalArgumentException e) {
                throw new OptionException(KEY_FORMATS, text.get(KEY_FORMATS),
                        "a comma-separated list of html, xhtml, xml, pdf (or their media types)");
            }
        }
        String resync = OptionText.lower(text, KEY_RESYNC);
        if (resync != null && !resync.equals("true") && !resync.equals("false")) {
            throw new OptionException(KEY_RESYNC, text.get(KEY_RESYNC), "one of true, false");
        }
        return new EliOptions(fullText, new LinkedHashSet<>(OptionText.commaList(text.get(KEY_LANGUAGES))), formats,
                "true".equals(resync));
    }
}
