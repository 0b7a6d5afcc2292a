package org.lexsync.engine.model;

import java.util.Locale;

/**
 * How {@code QueryResult}s are printed. SELECT: an aligned text table, SPARQL 1.1 Query Results JSON, or
 * SPARQL 1.1 CSV. ASK: {@code true}/{@code false}, SPARQL JSON, or SPARQL CSV. CONSTRUCT/DESCRIBE: Turtle,
 * JSON-LD 1.1, or CSV with the columns subject, predicate, object.
 */
public enum ResultFormat {
    TABLE, JSON, CSV;

    /** {@code table}, {@code json} or {@code csv}, in any case. */
    public static ResultFormat parse(String name) {
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "unknown result format '%s'; use table, json or csv", name), e);
        }
    }
}
