package org.lexsync.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.fixture.documentgroup.GroupFixture;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.store.SourceLease;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * The fence for ingestion (issue 32; docs/architecture.md, "Concurrency"): a crawler's group commits carry its lease's
 * epoch, so once another node took the crawler's source over (the lease ran out while this node's renewer stood
 * still, played by ageing the lease row), the next group is refused whole and the session's run ends interrupted.
 * Run once per database by the subclasses.
 */
abstract class IngestionFenceContract {
    @TempDir
    Path dir;

    LexSync lexsync;

    /** The store configuration of a fresh store in {@code dataDir}. */
    abstract StoreConfig config(Path dataDir);

    @BeforeEach
    void open() {
        StoreConfig config = config(dir.resolve("data"));
        LexSync.Builder b = LexSync.builder(config.dataDir()).lease(Duration.ofHours(1));
        if (!config.sqlite()) {
            b.jdbcUrl(config.jdbcUrl(), config.user(), config.password());
        }
        lexsync = b.build();
    }

    @AfterEach
    void close() {
        lexsync.close();
    }

    @Test
    void aGroupCommittedAfterAnotherNodeTookTheCrawlerOverIsRefusedWhole() throws Exception {
        StoreConfig config = config(dir.resolve("data"));
        // the lease is expired right after the upload: the crawler's session gives it back after
        // CrawlerSessions.IDLE (2 s) without uploads, and connecting first kept a loaded machine inside that
        try (Connection c = DriverManager.getConnection(config.effectiveJdbcUrl(), config.user(), config.password())) {
            assertThat(send(GroupFixture.decision()).outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
            expireLease(c);
        }
        long run = journal().get(0).runId();
        try (Store other = Store.open(config);
             SourceLease taken = other.leases().acquire(GroupFixture.CRAWLER, Duration.ofHours(1))) {
            GroupFixture upd = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).op("Upd")
                    .date("2014-02-01T10:00:00").doc(GroupFixture.html()
                            .withBytes("<html><body>berichtigt</body></html>").withOp("Upd"))
                    .doc(GroupFixture.seal().withOp("None"));

            assertThatThrownBy(() -> send(upd)).isInstanceOfSatisfying(FencedException.class, e -> {
                assertThat(e.sourceId()).isEqualTo(GroupFixture.CRAWLER);
                assertThat(e.getMessage()).contains("epoch " + taken.epoch());
            });
            assertThat(journal()).hasSize(2);
            RunRecord ended = lexsync.store().runs(GroupFixture.CRAWLER, 10).stream().filter(r -> r.id() == run)
                    .findFirst().orElseThrow();
            assertThat(ended.status()).isEqualTo(RunStatus.INTERRUPTED);
            assertThat(ended.error()).startsWith(FencedException.RULE);
        }
    }

    /** Plays time passing while this node's lease renewer stood still: the crawler's lease runs out. */
    private static void expireLease(Connection c) throws Exception {
        try (PreparedStatement st = c.prepareStatement("UPDATE source_leases SET expires_at = 0 WHERE source_id = ?")) {
            st.setString(1, GroupFixture.CRAWLER);
            assertThat(st.executeUpdate()).isEqualTo(1);
        }
    }

    private IngestResult send(GroupFixture g) throws Exception {
        return lexsync.ingestion().ingest(GroupUpload.of(g.writeMetaInfo(dir), g.writeZip(dir), GroupFixture.CRAWLER, "127.0.0.1"));
    }

    private List<JournalEntry> journal() {
        List<JournalEntry> out = new ArrayList<>();
        lexsync.store().journal(0, null, 1000, out::add);
        return out;
    }
}
