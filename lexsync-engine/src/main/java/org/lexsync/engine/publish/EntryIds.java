package org.lexsync.engine.publish;

import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.store.Journal;

/**
 * The {@code atom:id} of each row's entry or tombstone {@code ref} (RFC 4287 §4.2.6, rinfo §3.3.1).
 *
 * <p>rinfo makes an entry's id the legal document's own URI, and LexSync's collector keeps the resource URI as it
 * was collected, so that is the id wherever it names one resource: always in a source's own feed (a source holds a
 * URI once). The whole aggregate mixes sources, and two sources may hold the same URI (a document republished by
 * another publisher, a source configured twice): with one id, a consumer would read the second source's entry as a
 * revision of the first's, and its deletion as the deletion of the other. So in the aggregate the plain URI belongs
 * to the source whose row came FIRST in the journal (each row's query says whether its source did:
 * {@link Journal#forEachVersionWithHolderSince}); every other source's rows of that URI get an id of their own,
 * {@code {feed id}/{source}/{percent-encoded URI}} (the source feed's id, then the URI with everything but RFC 3986
 * unreserved characters encoded, so it is one path segment of a valid IRI).
 *
 * <p>This never changes what a published row was called: the journal is append-only, so which source came first
 * is fixed by the first row of the URI, before any later row is published; a closed archive stays the same bytes.
 * Collecting the aggregate with LexSync's Atom collector gives the first source's resources under their URIs and the
 * others under their own ids (the resource URI is in {@code lx:provenance} as {@code lx:resource}).
 */
final class EntryIds {
    private final PublishSettings settings;

    EntryIds(PublishSettings settings) {
        this.settings = settings;
    }

    /**
     * The id of {@code row} in the feed of {@code scope} (null: the whole aggregate); {@code firstHolder}: whether
     * the row's source wrote the first journal row of its URI (only read for the aggregate).
     */
    String of(@Nullable String scope, JournalVersion row, boolean firstHolder) {
        String uri = row.entry().resourceUri();
        return scope == null && !firstHolder ? qualified(row.entry().sourceId(), uri) : uri;
    }

    /** The id of {@code uri} of a source that was not the first to hold it. */
    String qualified(String sourceId, String uri) {
        return AtomArchiveFeed.feedId(settings, sourceId) + "/" + encode(uri);
    }

    /** {@code s} with every octet but RFC 3986 §2.3 unreserved characters percent-encoded (UTF-8). */
    static String encode(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder b = new StringBuilder(bytes.length + 16);
        for (byte x : bytes) {
            int c = x & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                    || c == '_' || c == '~') {
                b.append((char) c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return b.toString();
    }
}
