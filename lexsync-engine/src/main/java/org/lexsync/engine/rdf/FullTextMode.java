package org.lexsync.engine.rdf;

/** How many formats {@link FullTextSelector} takes per legal expression (ELI Pillar IV annex §4.2 step 4). */
public enum FullTextMode {
    /** The first listed format found, as §4.2 steps 1–2 describe. */
    FIRST,
    /** Every format of a listed kind (§4.2 step 4: a client MAY access more than one format per language). */
    ALL
}
