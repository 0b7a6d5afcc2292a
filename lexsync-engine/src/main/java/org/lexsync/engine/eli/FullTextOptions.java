package org.lexsync.engine.eli;

import java.util.List;
import java.util.Set;

import org.lexsync.engine.model.EliOptions;
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

    /** The full-text part of the harvest options. */
    static FullTextOptions of(EliOptions options) {
        FullTextMode mode = switch (options.fullText()) {
            case NONE -> null;
            case FIRST -> FullTextMode.FIRST;
            case ALL -> FullTextMode.ALL;
        };
        return new FullTextOptions(mode, options.languages(),
                options.formats().isEmpty() ? FullTextSelector.DEFAULT_ORDER : options.formats());
    }
}
