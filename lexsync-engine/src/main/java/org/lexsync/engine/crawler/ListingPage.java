package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one listing step found (EUCases D2.1 §2: the crawler "first collects the list of documents"): the detail
 * pages it lists, the documents the portal lists as removed (an explicit deletion signal), the cursor of the next
 * listing step (null: the listing is done), and whether this page had to list items (the sanity gate: a result
 * page that suddenly lists nothing means the portal changed, and the run fails instead of going on blind).
 * {@code listed} are the same items with the fields their rows show (§1.3.3: "the texts and metadata appearing in
 * the search results"); a listing step that reads no rows gives only {@code items}, and each becomes a listed item
 * without fields.
 */
public record ListingPage(List<URI> items, List<URI> removed, @Nullable String next, boolean itemsExpected,
                          @Nullable URI url, List<ListedItem> listed) {

    public ListingPage {
        removed = List.copyOf(removed);
        if (listed.isEmpty()) {
            items = List.copyOf(items);
            listed = items.stream().map(ListedItem::new).toList();
        } else {
            listed = List.copyOf(listed);
            items = ListedItem.links(listed);
        }
    }

    /** A page of detail-page links without row fields. */
    public ListingPage(List<URI> items, List<URI> removed, @Nullable String next, boolean itemsExpected,
                       @Nullable URI url) {
        this(items, removed, next, itemsExpected, url, List.of());
    }

    /** A page of listed items, with their row fields. */
    public static ListingPage of(List<ListedItem> listed, List<URI> removed, @Nullable String next,
                                 boolean itemsExpected, @Nullable URI url) {
        return new ListingPage(List.of(), removed, next, itemsExpected, url, listed);
    }

    /** True when the gate fails: items were expected and none came. */
    public boolean suspicious() {
        return itemsExpected && items.isEmpty() && removed.isEmpty();
    }
}
