package org.lexsync.core.time;

import java.util.Objects;
import java.util.function.Function;

/**
 * Remembers the last two results of a conversion between date-time forms, for streams of values that repeat: the
 * rows a publication projects come in batches that share one collection time, converted two or three times each
 * (lastmod, datetime; updated and provenance) between other values (an entry's published date). The slot just hit
 * is kept, so a value alternating with others stays. Safe to share between threads without locks: each slot holds
 * an immutable pair, so a racing reader sees a whole pair or an older one, and a lost update costs only a conversion.
 */
public final class RecentConversions<K, V> {
    private record Pair<K, V>(K key, V value) {
    }

    private final Function<K, V> convert;
    private Pair<K, V> recent;
    private Pair<K, V> older;

    public RecentConversions(Function<K, V> convert) {
        this.convert = Objects.requireNonNull(convert, "convert");
    }

    /** The conversion of {@code key} (not null), remembered or computed. */
    public V get(K key) {
        Pair<K, V> r = recent;
        if (r != null && r.key().equals(key)) {
            return r.value();
        }
        Pair<K, V> o = older;
        if (o != null && o.key().equals(key)) {
            older = r;
            recent = o;
            return o.value();
        }
        V value = convert.apply(key);
        older = r;
        recent = new Pair<>(key, value);
        return value;
    }
}
