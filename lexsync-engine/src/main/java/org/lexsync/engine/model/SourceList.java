package org.lexsync.engine.model;

import java.util.AbstractList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A configuration's sources in file order, also indexed by id: the scheduler looks a source up by id twice per
 * scheduled check, and a scan of a thousand sources each time made every check cost in proportion to the file's
 * length (docs/benchmarks.md, issue 32, session 21). Unmodifiable, and equal to any list of the same sources.
 */
final class SourceList extends AbstractList<Source> implements RandomAccess {
    private final List<Source> items;
    private final Map<String, Source> byId;

    private SourceList(List<Source> items) {
        this.items = items;
        this.byId = new HashMap<>(Math.max(16, items.size() * 2));
        for (Source s : items) {
            byId.putIfAbsent(s.id(), s); // the first of a repeated id, as a scan in file order would find it
        }
    }

    /** The sources of {@code sources}, copied (nulls refused as {@link List#copyOf} refuses them). */
    static SourceList of(List<Source> sources) {
        return sources instanceof SourceList same ? same : new SourceList(List.copyOf(sources));
    }

    /** The first source with this id, or null. */
    Source byId(String id) {
        return byId.get(id);
    }

    @Override
    public Source get(int index) {
        return items.get(index);
    }

    @Override
    public int size() {
        return items.size();
    }
}
