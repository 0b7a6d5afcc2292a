package org.lexsync.engine.atom;

import java.time.Instant;
import java.util.Comparator;

/**
 * The compact form of one feed item kept while walking (rinfo §8.3 only needs id, timestamp and kind):
 * {@code ordinal} is the item's position in its document, used to keep ties stable.
 */
record ItemKey(String id, Instant at, boolean deleted, int ordinal) {

    /** Youngest first, ties in document order (rinfo §8.3: "sort by updated descending"). */
    static final Comparator<ItemKey> NEWEST_FIRST =
            Comparator.comparing(ItemKey::at).reversed().thenComparingInt(ItemKey::ordinal);
}
