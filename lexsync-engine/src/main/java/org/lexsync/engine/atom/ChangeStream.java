package org.lexsync.engine.atom;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.PlannedChange;

/**
 * The forward climb of rinfo §8.3 (and the collection step of §8.2): first any deletions decided up
 * front, then the pages oldest first, each re-read from its temp file and its selected items emitted
 * oldest first. An item is emitted only when it is the youngest noted for its id (so superseded entries
 * are never fetched) and not already collected; each id+timestamp is emitted once. Holds one page's
 * selected items at a time.
 */
final class ChangeStream implements Iterator<PlannedChange> {
    private static final Comparator<FeedItem> OLDEST_FIRST = Comparator.comparing(i -> i.timestamp().instant());

    private final String sourceId;
    private final Deque<String> deletions;
    private final W3cDateTime deletionTime;
    private final Deque<FeedPage> pages;
    private final Map<String, Mark> selection;
    private final Deque<PlannedChange> ready = new ArrayDeque<>();
    private long emitted;

    /**
     * @param deletions    resource URIs to delete first (complete feeds, rinfo §8.2), at {@code deletionTime}
     * @param pagesOldestFirst the pages to climb
     * @param selection    the youngest mark per id from the walk
     */
    ChangeStream(String sourceId, List<String> deletions, W3cDateTime deletionTime, List<FeedPage> pagesOldestFirst,
                 Map<String, Mark> selection) {
        this.sourceId = sourceId;
        this.deletions = new ArrayDeque<>(deletions);
        this.deletionTime = deletionTime;
        this.pages = new ArrayDeque<>(pagesOldestFirst);
        this.selection = selection;
    }

    long emitted() {
        return emitted;
    }

    @Override
    public boolean hasNext() {
        while (ready.isEmpty()) {
            if (!deletions.isEmpty()) {
                String uri = deletions.poll();
                ready.add(PlannedChange.delete(sourceId, uri, deletionTime,
                        deletionTime == null ? null : deletionTime + " " + uri));
            } else if (!pages.isEmpty()) {
                climb(pages.poll());
            } else {
                return false;
            }
        }
        return true;
    }

    @Override
    public PlannedChange next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        emitted++;
        return ready.poll();
    }

    private void climb(FeedPage page) {
        List<FeedItem> chosen = new ArrayList<>();
        try (InputStream in = Files.newInputStream(page.body());
             AtomReader reader = AtomReader.open(in, page.base().toString())) {
            int ordinal = 0;
            while (reader.hasNext()) {
                FeedItem item = reader.next();
                ordinal++;
                if (item.id() == null || item.timestamp() == null || !item.timestamp().ok()) {
                    continue;
                }
                ItemKey key = new ItemKey(item.id(), item.timestamp().instant(), item instanceof DeletedEntry, ordinal);
                Mark mark = selection.get(item.id());
                if (mark != null && !mark.collected() && mark.matches(key)) {
                    selection.put(item.id(), mark.asCollected());
                    chosen.add(item);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("re-reading " + page.url() + " from " + page.body(), e);
        }
        chosen.sort(OLDEST_FIRST);
        for (FeedItem item : chosen) {
            ready.add(switch (item) {
                case Entry e -> EntryChanges.upsert(sourceId, e, page);
                case DeletedEntry d -> EntryChanges.delete(sourceId, d);
            });
        }
    }
}
