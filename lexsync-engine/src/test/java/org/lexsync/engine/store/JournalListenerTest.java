package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.StoreException;

/**
 * Journal notifications between two stores on one PostgreSQL database, as two nodes have them: a committed write is
 * heard by the other store's listener, a rolled-back one is not; a SQLite store has none.
 */
class JournalListenerTest {
    @TempDir
    Path dir;
    private PostgresDatabase database;
    private Db writer;
    private Store listening;
    private final BlockingQueue<Long> heard = new LinkedBlockingQueue<>();

    @BeforeEach
    void open() throws Exception {
        database = PostgresDatabase.create();
        StoreConfig config = StoreConfig.of(dir.resolve("a")).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                null);
        writer = new Db(config);
        listening = Store.open(StoreConfig.of(dir.resolve("b")).withJdbcUrl(database.jdbcUrl(),
                PostgresDatabase.USER, null));
        assertThat(listening.onJournalChanges(heard::add)).isTrue();
        // on connecting, the listener tells the head it found: from then on it listens
        assertThat(heard.poll(10, TimeUnit.SECONDS)).as("the head told on connecting").isZero();
        assertThat(listening.journalNotificationsLive()).isTrue();
    }

    @AfterEach
    void close() throws Exception {
        listening.close();
        writer.close();
        database.close();
    }

    private void notifyingWrite() {
        writer.write("notify", c -> {
            writer.notifyJournal(c);
            return null;
        });
    }

    @Test
    void aCommittedWriteIsHeardByTheOtherStore() throws Exception {
        notifyingWrite();
        assertThat(heard.poll(5, TimeUnit.SECONDS)).as("the journal head of the commit").isZero();
    }

    @Test
    void aRolledBackWriteIsNotHeard() throws Exception {
        assertThatThrownBy(() -> writer.write("fail after notifying", c -> {
            writer.notifyJournal(c);
            throw new SQLException("refused", "23000");
        })).isInstanceOf(StoreException.class);
        notifyingWrite();
        assertThat(heard.poll(5, TimeUnit.SECONDS)).as("the committed write").isNotNull();
        assertThat(heard.poll(500, TimeUnit.MILLISECONDS)).as("nothing from the rolled-back one").isNull();
    }

    @Test
    void aSqliteStoreHasNoNotifications() {
        try (Store sqlite = Store.open(StoreConfig.of(dir.resolve("sqlite")))) {
            assertThat(sqlite.onJournalChanges(heard::add)).isFalse();
            assertThat(sqlite.journalNotificationsLive()).isFalse();
        }
    }
}
