/**
 * Atom feeds as legal publishers use them: RFC 4287 with RFC 5005 paging and archives, RFC 6721 tombstones
 * and the Atom Link Extensions checksums. {@link org.lexsync.core.atom.AtomReader} streams a document into
 * {@link org.lexsync.core.atom.AtomFeed} plus one {@link org.lexsync.core.atom.FeedItem} at a time,
 * {@link org.lexsync.core.atom.AtomWriter} streams one out, {@link org.lexsync.core.atom.AtomValidator} checks a
 * document against plain Atom, the Swedish rinfo collection profile or the ELI update feed, and
 * {@link org.lexsync.core.atom.ArchiveOrder} checks chronology across the documents of an archived feed.
 */
package org.lexsync.core.atom;
