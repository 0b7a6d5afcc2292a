package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.store.GroupWrite;
import org.lexsync.engine.store.Store;

/**
 * {@link Applier#applyGroup}: the changes of one ingested document group commit as ONE transaction with the group's
 * row, or not at all (EUCases D2.1 §3.2; docs/architecture.md, "Ingestion"), whatever the batch options say.
 */
class ApplierGroupTest {
    @TempDir
    Path dir;
    LocalApplySetup setup;
    Store store;
    Fetcher fetcher;

    @BeforeEach
    void open() {
        setup = new LocalApplySetup(dir);
        store = setup.store;
        fetcher = setup.fetcher;
    }

    @AfterEach
    void close() {
        setup.close();
    }

    private static PlannedChange local(String uri, String text) {
        return LocalApplySetup.created("crawler", uri, text).build();
    }

    private static GroupWrite group(List<String> uris) {
        return group("g1", uris);
    }

    private static GroupWrite group(String id, List<String> uris) {
        return new GroupWrite(id, "crawler", "Add", false, "fp", null, null, null, null,
                uris.stream().map(u -> new GroupWrite.Member(u, "id-" + u, "f", "0".repeat(32))).toList(),
                new GroupWrite.LogRow(null, "crawler", id, "Add", 1, "accepted", null, null), uris.size(), true);
    }

    private List<JournalEntry> journal() {
        List<JournalEntry> rows = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, rows::add);
        return rows;
    }

    @Test
    void aGroupLargerThanTheBatchSizeCommitsInOneTransactionWithItsRow() {
        Applier applier = Applier.builder(fetcher, store).batchSize(1).maxBatchSize(1).maxBatchDelay(Duration.ZERO)
                .build();
        List<PlannedChange> changes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            changes.add(local("http://x.example/" + i, "doc " + i));
        }

        ApplyReport report = applier.applyGroup("crawler", changes, group(changes.stream()
                .map(PlannedChange::resourceUri).toList()));

        assertThat(report.complete()).isTrue();
        assertThat(journal()).hasSize(20).extracting(JournalEntry::runId).containsOnly(report.runId());
        assertThat(store.documentGroups().get("g1")).hasValueSatisfying(g -> assertThat(g.members()).hasSize(20));
        assertThat(store.documentGroups().log(null, null, 5)).singleElement()
                .satisfies(l -> assertThat(l.changes()).isEqualTo(20));
    }

    @Test
    void aGroupCommitsOnTheCallingThreadWithoutStartingOneOfItsOwn() {
        Applier applier = Applier.builder(fetcher, store).build();
        applier.applyGroup("crawler", List.of(local("http://x.example/warm", "warm")),
                group("g0", List.of("http://x.example/warm"))); // the store's pools and the JVM's own threads started
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();

        for (int i = 1; i <= 10; i++) {
            String uri = "http://x.example/" + i;
            assertThat(applier.applyGroup("crawler", List.of(local(uri, "doc " + i)), group("g" + i, List.of(uri)))
                    .complete()).isTrue();
        }

        assertThat(threads.getTotalStartedThreadCount() - before).as("platform threads started by 10 group commits")
                .isLessThan(10);
        assertThat(journal()).hasSize(11);
    }

    @Test
    void aGroupWithOneChangeThatFailsCommitsNothingAndRecordsNoRetry() {
        Applier applier = Applier.builder(fetcher, store).batchSize(1).maxBatchSize(1).build();
        List<PlannedChange> changes = new ArrayList<>(List.of(local("http://x.example/a", "a"),
                local("http://x.example/b", "b")));
        changes.add(PlannedChange.builder("crawler", "http://x.example/c", ChangeKind.CREATED).representations(
                List.of(PlannedRepresentation.unavailable(RepresentationRole.PRIMARY, URI.create("http://x.example/c"),
                        "local-file", "gone"))).build());

        ApplyReport report = applier.applyGroup("crawler", changes, group(List.of("http://x.example/a")));

        assertThat(report.gap()).isNotNull();
        assertThat(journal()).isEmpty();
        assertThat(store.documentGroups().get("g1")).isEmpty();
        assertThat(store.failures().list("crawler")).isEmpty();
    }
}
