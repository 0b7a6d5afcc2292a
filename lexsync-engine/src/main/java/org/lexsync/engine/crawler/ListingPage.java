package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one listing step found (EUCases D2.1 §2: the crawler "first collects the list of documents"): the detail
 * pages it lists, the documents the portal lists as removed (an explicit deletion signal), the cursor of the next
 * listing step (null: the listing is done), and whether this page had to list items (the sanity gate: a result
 * page that suddenly lists nothing means the portal changed, and the run fails instead of going on blind).
 */
public record ListingPage(List<URI> items, List<URI> removed, @Nullable String next, boolean itemsExpected,
                          @Nullable URI url) {

    public ListingPage {
        items = List.copyOf(items);
        removed = List.copyOf(removed);
    }

    /** True when the gate fails: items were expected and none came. */
    public boolean suspicious() {
        return itemsExpected && items.isEmpty() && removed.isEmpty();
    }
}
