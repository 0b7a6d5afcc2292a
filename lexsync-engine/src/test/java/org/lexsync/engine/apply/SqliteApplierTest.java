package org.lexsync.engine.apply;

import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.engine.model.StoreException;

/** The applier suite on SQLite. */
class SqliteApplierTest extends ApplierContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }

    @Test
    void whenABatchFailsToCommitNoBatchQueuedBehindItCommitsAndTheCheckpointStaysBeforeIt() throws Exception {
        // A trigger makes exactly the batch holding change 500 fail in the database.
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data").resolve("lexsync.db"));
             Statement s = c.createStatement()) {
            s.execute("CREATE TRIGGER fail_one BEFORE INSERT ON resources WHEN NEW.uri = 'http://dump.example/act/500'"
                    + " BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
        }
        List<PlannedChange> plan = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            byte[] body = ("<act n=\"" + i + "\"/>").getBytes(StandardCharsets.UTF_8);
            plan.add(PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/" + i, ChangeKind.CREATED, null,
                    List.of(PlannedRepresentation.bytes(body, null, RepresentationRole.PRIMARY, Digests.NONE,
                            "application/xml")), Integer.toString(i)));
        }

        assertThatThrownBy(() -> applier().batchSize(10).maxBatchSize(10).build().apply(Plans.SOURCE, plan.iterator()))
                .isInstanceOf(StoreException.class).hasMessageContaining("disk on fire");

        long stored = store.resources().count(Plans.SOURCE, false);
        assertThat(stored).isEqualTo(500);
        assertThat(store.resources().get(Plans.SOURCE, "http://dump.example/act/510")).isEmpty();
        assertThat(store.sources().checkpoint(Plans.SOURCE)).hasValue("499");
    }

    @Test
    void whileTheStoreIsBusyTheWaitingBatchGrowsUpToMaxBatchSizeAndOrderIsKept() throws Exception {
        List<PlannedChange> plan = localActs(300);
        List<Long> committed = new ArrayList<>();
        ApplyReport report;
        // Another connection takes SQLite's write lock when the applier takes its first change (after the run has
        // started; no read-ahead: every change is taken on the applier's thread) and holds it until the applier has
        // taken its first batch (5, whose commit waits for the lock) and a waiting batch of maxBatchSize (40) behind it.
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data").resolve("lexsync.db"));
             Statement s = c.createStatement()) {
            AtomicInteger taken = new AtomicInteger();
            Iterator<PlannedChange> all = plan.iterator();
            Iterator<PlannedChange> locking = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return all.hasNext();
                }

                @Override
                public PlannedChange next() {
                    if (taken.incrementAndGet() == 1) {
                        try {
                            s.execute("BEGIN IMMEDIATE");
                        } catch (java.sql.SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    return all.next();
                }
            };
            Thread release = Thread.ofPlatform().start(() -> {
                try {
                    await().atMost(Duration.ofSeconds(60)).until(() -> taken.get() >= 5 + 40);
                    s.execute("COMMIT");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            report = applier().batchSize(5).maxBatchSize(40).readAhead(0).build()
                    .apply(Plans.SOURCE, locking, null, p -> committed.add(p.committed()));
            release.join();
        }

        assertThat(report.complete()).isTrue();
        List<Long> sizes = new ArrayList<>();
        for (int i = 0; i < committed.size(); i++) {
            sizes.add(committed.get(i) - (i == 0 ? 0 : committed.get(i - 1)));
        }
        assertThat(sizes).allMatch(n -> n <= 40).anyMatch(n -> n > 5);
        assertThat(journal()).extracting(JournalEntry::resourceUri)
                .containsExactlyElementsOf(plan.stream().map(PlannedChange::resourceUri).toList());
    }

    @Test
    void anMd5ThePlannerVerifiedOverTheLocalBytesIsTakenNotComputedAgain() throws Exception {
        // The planner's own check (a document group's ZIP check) computed this MD5 over the bytes; the applier takes
        // it as the file's and digests the bytes with SHA-256 only (issue 31). A declaration not verified is checked.
        byte[] body = "<act n=\"1\"/>".getBytes(StandardCharsets.UTF_8);
        String declared = "0123456789abcdef0123456789abcdef"; // not the body's MD5: shows that none was computed
        Digests expected = Digests.of(new Digest(HashAlgorithm.MD5, declared));
        PlannedRepresentation verified = PlannedRepresentation.bytes(body, null, RepresentationRole.PRIMARY, expected,
                "application/xml").withVerifiedMd5();
        PlannedRepresentation unverified = PlannedRepresentation.bytes(body, null, RepresentationRole.PRIMARY, expected,
                "application/xml");
        ApplyReport report = applier().build().apply(Plans.SOURCE, List.of(
                PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/1", ChangeKind.CREATED, null,
                        List.of(verified), "1"),
                PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/2", ChangeKind.CREATED, null,
                        List.of(unverified), "2")).iterator());

        assertThat(current()).containsKey("http://dump.example/act/1");
        assertThat(current().get("http://dump.example/act/1").representations().get(0)).satisfies(r -> {
            assertThat(r.md5()).isEqualTo(declared);
            assertThat(r.sha256()).isEqualTo(HashAlgorithm.SHA_256.hex(body));
        });
        assertThat(report.failures()).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo("http://dump.example/act/2");
            assertThat(f.reason()).isEqualTo("hash-mismatch");
        });
    }

    @Test
    void onlyLocalBytesWithAnExpectedMd5CanHaveItVerified() {
        assertThatThrownBy(() -> PlannedRepresentation.bytes(new byte[1], null, RepresentationRole.PRIMARY,
                Digests.NONE, null).withVerifiedMd5()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PlannedRepresentation.fetch(java.net.URI.create("https://x.example/a"),
                RepresentationRole.PRIMARY, Digests.of(new Digest(HashAlgorithm.MD5, "0123456789abcdef0123456789abcdef")),
                null, null).withVerifiedMd5()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void maxBatchSizeBelowBatchSizeIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> applier().batchSize(10).maxBatchSize(5).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxBatchSize (5) must be >= batchSize (10)");
    }

    /** Changes whose bytes are already local, so that only the store sets the pace. */
    static List<PlannedChange> localActs(int n) {
        List<PlannedChange> plan = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] body = ("<act n=\"" + i + "\"/>").getBytes(StandardCharsets.UTF_8);
            plan.add(PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/" + i, ChangeKind.CREATED, null,
                    List.of(PlannedRepresentation.bytes(body, null, RepresentationRole.PRIMARY, Digests.NONE,
                            "application/xml")), Integer.toString(i)));
        }
        return plan;
    }
}
