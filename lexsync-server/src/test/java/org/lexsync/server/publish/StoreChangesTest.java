package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.PostgresDatabase;

/**
 * {@link StoreChanges} on a real SQLite store: a write through the watched facade changes the mark at once; a write
 * by another facade on the same files (as another process's would) changes the files' stamp; a stamp younger than
 * the settling time is never trusted. The files' ages are set back explicitly instead of waiting. On PostgreSQL a
 * head read is trusted for at most the poll interval.
 */
class StoreChangesTest {
    @TempDir
    Path dir;
    private LexSync watched;
    private StoreChanges changes;

    @BeforeEach
    void open() {
        watched = LexSync.builder(dir).build();
        changes = new StoreChanges(watched);
    }

    @AfterEach
    void close() {
        watched.close();
    }

    private static Source source(String id) {
        return Source.builder(id, AtomOptions.DEFAULT).url(URI.create("http://127.0.0.1:9/" + id + ".atom")).build();
    }

    /** Sets the database files' modification time an hour back, as if nothing had written for that long. */
    private void settle() throws Exception {
        Path db = watched.store().sqliteFile().orElseThrow();
        FileTime old = FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS));
        for (Path f : new Path[] {db, db.resolveSibling(db.getFileName() + "-wal")}) {
            if (Files.exists(f)) {
                Files.setLastModifiedTime(f, old);
            }
        }
    }

    @Test
    void stillFilesAndNoCommitMeanUnchanged() throws Exception {
        settle();
        StoreChanges.Mark then = changes.mark();
        assertThat(then.settled()).isTrue();
        assertThat(changes.unchanged(then, changes.mark())).isTrue();
    }

    @Test
    void aWriteThroughTheWatchedFacadeIsSeenAtOnce() throws Exception {
        settle();
        StoreChanges.Mark then = changes.mark();
        watched.register(source("mine"));
        settle();   // even with the files' stamps put back, the facade's commit count moved
        assertThat(changes.unchanged(then, changes.mark())).isFalse();
    }

    @Test
    void anotherFacadesWriteIsSeen() throws Exception {
        settle();
        StoreChanges.Mark then = changes.mark();
        try (LexSync other = LexSync.builder(dir).build()) {
            other.register(source("theirs"));
        }
        StoreChanges.Mark now = changes.mark();
        assertThat(now.commits()).isEqualTo(then.commits());
        assertThat(changes.unchanged(then, now)).isFalse();
    }

    @Test
    void withStampsFinerThanASecondTheFilesSettleWithinTheShortWait() throws Exception {
        watched.register(source("fresh"));
        Path db = watched.store().sqliteFile().orElseThrow();
        Path wal = db.resolveSibling(db.getFileName() + "-wal");
        for (Path f : new Path[] {db, wal}) {
            Assumptions.assumeTrue(!Files.exists(f) || Files.getLastModifiedTime(f).toInstant().getNano() != 0,
                    "this file system keeps whole-second stamps: the long wait applies");
        }
        Thread.sleep(StoreChanges.FINE_SETTLE_MILLIS + 300);
        StoreChanges.Mark then = changes.mark();
        assertThat(then.settled()).as("still for longer than the short wait, well before the long one").isTrue();
        assertThat(changes.unchanged(then, changes.mark())).isTrue();
    }

    @Test
    void aStampYoungerThanTheSettlingTimeIsNotTrusted() {
        watched.register(source("fresh"));
        StoreChanges.Mark then = changes.mark();
        assertThat(then.settled()).isFalse();
        assertThat(changes.unchanged(then, changes.mark())).isFalse();
    }

    @Test
    void onPostgresqlWithoutNotificationsOwnWritesAreSeenAtOnceAndAHeadReadIsTrustedForThePollIntervalOnly()
            throws Exception {
        try (PostgresDatabase db = PostgresDatabase.create();
             LexSync pg = LexSync.builder(dir.resolve("pg")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                     .build()) {
            StoreChanges onPg = new StoreChanges(pg);
            StoreChanges.Mark then = onPg.mark();
            StoreChanges.Mark soon = new StoreChanges.Mark(then.commits(), 0, 0, 0, 0, false,
                    then.nanos() + StoreChanges.POLL_NANOS - 1, then.notified(), false);
            StoreChanges.Mark late = new StoreChanges.Mark(then.commits(), 0, 0, 0, 0, false,
                    then.nanos() + StoreChanges.POLL_NANOS, then.notified(), false);
            then = new StoreChanges.Mark(then.commits(), 0, 0, 0, 0, false, then.nanos(), then.notified(), false);
            assertThat(onPg.unchanged(then, soon)).isTrue();
            assertThat(onPg.unchanged(then, late)).isFalse();
            pg.register(source("mine"));
            assertThat(onPg.unchanged(then, onPg.mark())).isFalse();
        }
    }

    @Test
    void onPostgresqlWithNotificationsAHeadReadIsTrustedForTheFallbackIntervalUntilOneIsHeard() throws Exception {
        try (PostgresDatabase db = PostgresDatabase.create();
             LexSync pg = LexSync.builder(dir.resolve("pg")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                     .build()) {
            StoreChanges onPg = new StoreChanges(pg);
            StoreChanges.Mark then = new StoreChanges.Mark(7, 0, 0, 0, 0, false, 0, 3, true);
            StoreChanges.Mark later = new StoreChanges.Mark(7, 0, 0, 0, 0, false, StoreChanges.POLL_NANOS * 5, 3, true);
            StoreChanges.Mark heard = new StoreChanges.Mark(7, 0, 0, 0, 0, false, 1, 4, true);
            StoreChanges.Mark down = new StoreChanges.Mark(7, 0, 0, 0, 0, false, StoreChanges.POLL_NANOS * 5, 3, false);
            StoreChanges.Mark tooLate = new StoreChanges.Mark(7, 0, 0, 0, 0, false,
                    StoreChanges.FALLBACK_POLL_NANOS, 3, true);
            assertThat(onPg.unchanged(then, later)).as("notifications arrive: no poll after a second").isTrue();
            assertThat(onPg.unchanged(then, heard)).as("a notification heard").isFalse();
            assertThat(onPg.unchanged(then, down)).as("the listener's connection is down: poll every second")
                    .isFalse();
            assertThat(onPg.unchanged(then, tooLate)).as("the fallback poll").isFalse();
        }
    }
}
