package org.lexsync.engine.atom;

import java.util.Locale;
import org.lexsync.core.findings.Findings;

/**
 * An entry and a tombstone of the same id with the same timestamp (rinfo §4.2, RFC 6721 §2). The
 * digest orders items by timestamp only and lets a deletion become irrelevant only when a correct entry
 * is published <em>after</em> it (§4.2.1: an updated entry has a later timestamp); at an equal timestamp
 * nothing says the entry came later, and a deletion exists to withdraw a wrong publication, so the
 * tombstone wins whatever the document order, and the tie is reported as an error of the publisher.
 */
final class Ties {
    private Ties() {
    }

    /** True when {@code k} ties with the noted mark and is a tombstone against a noted entry. */
    static boolean tombstoneWins(Mark noted, ItemKey k) {
        return k.deleted() && !noted.deleted() && k.at().equals(noted.at());
    }

    /** True when {@code k} is an entry tying with a noted tombstone (the tombstone stays). */
    static boolean tied(Mark noted, ItemKey k) {
        return !k.deleted() && noted.deleted() && k.at().equals(noted.at());
    }

    static void report(Findings findings, FeedPage page, ItemKey k) {
        findings.error("rinfo:4.2/tombstone-tie", String.format(Locale.ROOT, "%s: entry and at:deleted-entry of %s"
                + " share the timestamp %s; the deletion is applied (rinfo §4.2: order is given by timestamps only,"
                + " a republication must be later)", page.url(), k.id(), k.at()), 0, 0);
    }
}
