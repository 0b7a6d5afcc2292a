package org.lexsync.core.atom;

/**
 * One item of a feed as a planner consumes it: an {@link Entry} or a {@link DeletedEntry} tombstone
 * (RFC 6721). Both have the identifier of the resource they concern and the timestamp that orders them
 * (rinfo §8.3: entries and deletions are sorted together by time).
 */
public sealed interface FeedItem permits Entry, DeletedEntry {

    /** The entry id, or the tombstone's {@code ref}; null when absent. */
    String id();

    /** atom:updated of an entry, {@code when} of a tombstone; null when absent. */
    AtomDate timestamp();

    /** 1-based line of the item's start tag, 0 when unknown. */
    int line();

    int column();
}
