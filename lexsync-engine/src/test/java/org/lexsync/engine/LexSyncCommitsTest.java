package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.StoreConfig;

/**
 * What the facade offers a reader that keeps data derived from the store: its own commit count, moved by every write
 * before the writing call returns and by nothing else, and the SQLite file another process's writes change.
 */
class LexSyncCommitsTest {
    @TempDir
    Path dir;

    @Test
    void aWriteMovesTheCommitCountAndAReadDoesNot() {
        try (LexSync lexsync = LexSync.builder(dir).build()) {
            long before = lexsync.store().commits();
            lexsync.store().storedSources();
            lexsync.store().lastSeq();
            assertThat(lexsync.store().commits()).isEqualTo(before);
            lexsync.register(Source.builder("s", AtomOptions.DEFAULT).url(URI.create("http://127.0.0.1:9/a")).build());
            assertThat(lexsync.store().commits()).isGreaterThan(before);
        }
    }

    @Test
    void theSqliteFileIsTheStoresDatabase() {
        try (LexSync lexsync = LexSync.builder(dir).build()) {
            Path file = lexsync.store().sqliteFile().orElseThrow();
            assertThat(file).isEqualTo(dir.resolve("lexsync.db").toAbsolutePath());
            assertThat(Files.isRegularFile(file)).isTrue();
        }
    }

    @Test
    void onlyAPlainSqlitePathNamesAFile() {
        StoreConfig base = StoreConfig.of(dir);
        assertThat(base.withJdbcUrl("jdbc:sqlite:" + dir.resolve("x.db"), null, null).sqliteFile())
                .hasValue(dir.resolve("x.db").toAbsolutePath());
        assertThat(base.withJdbcUrl("jdbc:postgresql://localhost/lexsync", "u", "p").sqliteFile()).isEmpty();
        assertThat(base.withJdbcUrl("jdbc:sqlite:file:x.db?mode=ro", null, null).sqliteFile()).isEmpty();
    }
}
