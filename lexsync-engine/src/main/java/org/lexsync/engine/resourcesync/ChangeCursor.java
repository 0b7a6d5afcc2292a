package org.lexsync.engine.resourcesync;

import org.lexsync.core.time.W3cDateTime;

/**
 * Walks the changes of Change Lists or Change Dump manifests in their order and tells which were processed
 * by an earlier run (ResourceSync §12.1: resume at the first unprocessed (URI, datetime) pair), keeping the
 * set's cursor up to date as changes are taken.
 */
final class ChangeCursor {
    private RsCheckpoint.SetState state;
    private W3cDateTime scanTime;
    private int seenAtScanTime;
    private W3cDateTime previous;

    ChangeCursor(RsCheckpoint.SetState start) {
        this.state = start;
    }

    RsCheckpoint.SetState state() {
        return state;
    }

    /** Starts a new document: order is checked within one document. */
    void newDocument() {
        previous = null;
    }

    /** True when the change at {@code t} is out of forward chronological order in its document. */
    boolean outOfOrder(W3cDateTime t) {
        return t != null && previous != null && t.toInstant().isBefore(previous.toInstant());
    }

    /** Notes a change at {@code t} in document order; true when an earlier run processed it already. */
    boolean seenBefore(W3cDateTime t) {
        if (t == null) {
            return false;
        }
        previous = t;
        if (scanTime != null && scanTime.toInstant().equals(t.toInstant())) {
            seenAtScanTime++;
        } else {
            scanTime = t;
            seenAtScanTime = 0;
        }
        return state.covers(t, seenAtScanTime);
    }

    /** How far the walk through the changes has come, apart from the cursor itself. */
    record Walk(W3cDateTime scanTime, int seenAtScanTime) {
    }

    Walk walk() {
        return new Walk(scanTime, seenAtScanTime);
    }

    /**
     * Continues after a document walked by another cursor instead of this one (every change in it was before
     * this cursor), so that changes at the same time in the next document are counted as if it had been read.
     */
    void skipped(Walk walk) {
        scanTime = walk.scanTime();
        seenAtScanTime = walk.seenAtScanTime();
        previous = null;
    }

    /** Takes the change at {@code t} (applied, excluded or skipped on purpose) and moves the cursor past it. */
    void take(W3cDateTime t, String uri) {
        state = state.after(t, uri == null ? state.lastUri() : uri);
    }
}
