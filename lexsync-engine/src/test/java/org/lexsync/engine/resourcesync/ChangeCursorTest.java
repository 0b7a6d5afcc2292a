package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/** Resuming at the first unprocessed (URI, datetime) pair (ResourceSync §12.1) across documents. */
class ChangeCursorTest {
    static final W3cDateTime T = W3cDateTimes.parseOrNull("2024-03-01T10:00:00Z");
    static final W3cDateTime EARLIER = W3cDateTimes.parseOrNull("2024-03-01T09:00:00Z");

    /** A cursor that processed two changes at {@code T}. */
    static RsCheckpoint.SetState twoProcessedAtT() {
        return new RsCheckpoint.SetState(true, null, T, 2, null);
    }

    @Test
    void changesAtTheCursorTimeBeyondTheProcessedCountAreNew_12_1() {
        ChangeCursor cursor = new ChangeCursor(twoProcessedAtT());

        assertThat(cursor.seenBefore(EARLIER)).isTrue();
        assertThat(cursor.seenBefore(T)).isTrue();
        assertThat(cursor.seenBefore(T)).isTrue();
        assertThat(cursor.seenBefore(T)).isFalse();
    }

    @Test
    void aDocumentSkippedAfterAnotherCursorWalkedItStillCountsItsChangesAtTheSameTime() {
        ChangeCursor scan = new ChangeCursor(twoProcessedAtT());
        scan.newDocument();
        scan.seenBefore(EARLIER);
        scan.seenBefore(T);
        scan.seenBefore(T);

        ChangeCursor cursor = new ChangeCursor(twoProcessedAtT());
        cursor.skipped(scan.walk());
        cursor.newDocument();

        assertThat(cursor.seenBefore(T)).as("the third change at T, first of the next document").isFalse();
    }

    @Test
    void withoutTheWalkTheNextDocumentWouldBeMistakenForProcessed() {
        ChangeCursor cursor = new ChangeCursor(twoProcessedAtT());
        cursor.newDocument();

        assertThat(cursor.seenBefore(T)).isTrue();
    }

    @Test
    void orderIsCheckedWithinOneDocumentOnly() {
        ChangeCursor cursor = new ChangeCursor(RsCheckpoint.SetState.NONE);
        cursor.seenBefore(T);
        assertThat(cursor.outOfOrder(EARLIER)).isTrue();

        cursor.skipped(cursor.walk());

        assertThat(cursor.outOfOrder(EARLIER)).isFalse();
    }
}
