package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSummary;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Resources#forEachSummary}, the joined listing query of {@code lexsync resources}, lists what the full
 * state ({@link Resources#forEach}) holds, in the same order, on SQLite and on PostgreSQL: resources with two
 * files, with none (tombstones), several sources, with and without the deleted ones, and one source alone.
 */
class ResourceSummariesTest {
    @TempDir
    Path dir;

    @Test
    void sqliteSummariesAgreeWithTheFullState() {
        check(StoreConfig.of(dir.resolve("data")));
    }

    @Test
    void postgresSummariesAgreeWithTheFullState() throws Exception {
        try (PostgresDatabase db = PostgresDatabase.create()) {
            check(StoreConfig.of(dir.resolve("data")).withJdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null));
        }
    }

    private static void check(StoreConfig config) {
        try (Store store = Store.open(config)) {
            for (String source : List.of("s2", "s1")) {
                List<ResourceWrite> writes = new ArrayList<>();
                List<InlineBlob> blobs = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    String uri = "http://example.org/" + source + "/doc-" + i;
                    byte[] pdf = (uri + " pdf").getBytes(StandardCharsets.UTF_8);
                    byte[] xml = (uri + " xml").getBytes(StandardCharsets.UTF_8);
                    BlobKey p = new BlobKey(StoreContract.sha256(pdf));
                    BlobKey x = new BlobKey(StoreContract.sha256(xml));
                    blobs.add(new InlineBlob(p, pdf));
                    blobs.add(new InlineBlob(x, xml));
                    List<RepresentationState> files = List.of(
                            new RepresentationState(URI.create(uri + ".xml"), RepresentationRole.ALTERNATE, "application/xml",
                                    xml.length, null, x.sha256(), x, null, null, List.of()),
                            new RepresentationState(i == 2 ? null : URI.create(uri + ".pdf"), RepresentationRole.PRIMARY,
                                    "application/pdf", pdf.length, "md5-" + i, p.sha256(), p, "\"e\"", null, List.of()));
                    writes.add(new ResourceWrite(uri, false, StoreContract.ts("2024-05-0" + (i + 1) + "T10:00:00Z"), null,
                            i == 1 ? null : "Title " + i, List.of(), i == 4 ? files.subList(1, 2) : files));
                }
                store.commit(new CommitBatch(source, null, writes, blobs, null));
                store.commit(new CommitBatch(source, null,
                        List.of(ResourceWrite.deletion("http://example.org/" + source + "/doc-3", StoreContract.ts("2024-06-01"))),
                        List.of(), null));
            }

            assertAgree(store, null, true);
            assertAgree(store, null, false);
            assertAgree(store, "s1", true);
            assertAgree(store, "s2", false);
            assertPagesAddUp(store, null, true);
            assertPagesAddUp(store, "s2", false);
        }
    }

    /** Pages of 3 after the last key of the previous page give the whole listing once (the server's cursors). */
    private static void assertPagesAddUp(Store store, String source, boolean deleted) {
        List<String> whole = new ArrayList<>();
        store.resources().forEachSummary(source, deleted, r -> whole.add(r.sourceId() + " " + r.uri()));
        List<String> paged = new ArrayList<>();
        ResourceSummary[] last = new ResourceSummary[1];
        int pageSize;
        do {
            List<ResourceSummary> page = new ArrayList<>();
            store.resources().forEachSummaryAfter(source, deleted, last[0] == null ? null : last[0].sourceId(),
                    last[0] == null ? null : last[0].uri(), 3, page::add);
            page.forEach(r -> paged.add(r.sourceId() + " " + r.uri()));
            pageSize = page.size();
            if (!page.isEmpty()) {
                last[0] = page.get(page.size() - 1);
                assertThat(page.get(0).representations()).isNotNull();
            }
        } while (pageSize == 3);
        assertThat(paged).containsExactlyElementsOf(whole);
    }

    private static void assertAgree(Store store, String source, boolean deleted) {
        List<ResourceState> full = new ArrayList<>();
        List<ResourceSummary> summaries = new ArrayList<>();
        store.resources().forEach(source, deleted, full::add);
        store.resources().forEachSummary(source, deleted, summaries::add);

        assertThat(summaries).hasSize(full.size()).isNotEmpty();
        for (int i = 0; i < full.size(); i++) {
            ResourceState s = full.get(i);
            ResourceSummary r = summaries.get(i);
            assertThat(r.sourceId()).isEqualTo(s.sourceId());
            assertThat(r.uri()).isEqualTo(s.uri());
            assertThat(r.status()).isEqualTo(s.status());
            assertThat(r.sourceTimestamp()).isEqualTo(s.sourceTimestamp());
            assertThat(r.title()).isEqualTo(s.title());
            assertThat(r.lastHarvested()).isEqualTo(s.lastHarvested());
            assertThat(r.lastSeq()).isEqualTo(s.lastSeq());
            assertThat(r.representations()).extracting(ResourceSummary.File::url)
                    .containsExactlyElementsOf(s.representations().stream().map(f -> f.url() == null ? null : f.url().toString()).toList());
            assertThat(r.representations()).extracting(ResourceSummary.File::role)
                    .containsExactlyElementsOf(s.representations().stream().map(RepresentationState::role).toList());
            assertThat(r.representations()).extracting(ResourceSummary.File::sha256)
                    .containsExactlyElementsOf(s.representations().stream().map(RepresentationState::sha256).toList());
            assertThat(r.representations()).extracting(ResourceSummary.File::md5)
                    .containsExactlyElementsOf(s.representations().stream().map(RepresentationState::md5).toList());
            assertThat(r.representations()).extracting(ResourceSummary.File::length)
                    .containsExactlyElementsOf(s.representations().stream().map(RepresentationState::length).toList());
        }
    }
}
