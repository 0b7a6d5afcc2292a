package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source's pause is kept by id in the store (issue 28.2): it holds across store objects (a restart, another node)
 * and does not depend on the source being registered; run once per database by the subclasses.
 */
abstract class SourcePausesContract {
    @TempDir
    Path dir;

    Store store;

    /** The configuration of a fresh, empty store in {@code dataDir}; the same database on every call of a test. */
    abstract StoreConfig config(Path dataDir) throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = Store.open(config(dir.resolve("data")));
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void aPauseIsKeptUntilResumed() {
        assertThat(store.pauses().paused("acts")).isFalse();

        assertThat(store.pauses().pause("acts")).isTrue();
        assertThat(store.pauses().pause("acts")).as("pausing twice changes nothing").isFalse();

        assertThat(store.pauses().paused("acts")).isTrue();
        assertThat(store.pauses().all()).containsExactly("acts");
        assertThat(store.pauses().resume("acts")).isTrue();
        assertThat(store.pauses().paused("acts")).isFalse();
        assertThat(store.pauses().resume("acts")).isFalse();
    }

    @Test
    void aPauseIsSeenByAnotherStoreObjectOnTheSameDatabase() throws Exception {
        store.pauses().pause("never-registered");

        try (Store other = Store.open(config(dir.resolve("data")))) {
            assertThat(other.pauses().paused("never-registered")).isTrue();
            other.pauses().resume("never-registered");
        }
        assertThat(store.pauses().all()).isEmpty();
    }
}
