package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** {@code lexsync resources}: its one joined listing query prints what the store's full resource state holds. */
class ResourcesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void jsonLinesMatchTheStoredStateOfEveryResourceIncludingTombstones() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(24).seed(5).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            String url = pub.baseUri().toString();
            assertThat(CliRun.of("sync", "resourcesync", url, "--store", dir.toString(), "--delay", "0").code()).isZero();
            pub.applyChanges(ChangeScript.builder().delete(pub.activeResources().get(3).path()).build());
            assertThat(CliRun.of("sync", "resourcesync", url, "--store", dir.toString(), "--delay", "0").code()).isZero();
        }
        List<ResourceState> stored = new ArrayList<>();
        try (Store store = Store.open(StoreConfig.of(dir))) {
            store.resources().forEach(null, true, stored::add);
        }

        CliRun r = CliRun.of("resources", "--deleted", "--store", dir.toString());

        assertThat(r.code()).as(r.err()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines).hasSize(stored.size());
        assertThat(stored).anyMatch(s -> !s.active()).anyMatch(ResourceState::active);
        for (int i = 0; i < lines.length; i++) {
            ResourceState s = stored.get(i);
            JsonNode line = JSON.readTree(lines[i]);
            assertThat(line.get("source").asText()).isEqualTo(s.sourceId());
            assertThat(line.get("uri").asText()).isEqualTo(s.uri());
            assertThat(line.get("status").asText()).isEqualTo(s.status().name().toLowerCase(Locale.ROOT));
            assertThat(text(line, "sourceTime")).isEqualTo(s.sourceTimestamp() == null ? null : s.sourceTimestamp().toString());
            assertThat(text(line, "lastHarvested")).isEqualTo(String.valueOf(s.lastHarvested()));
            assertThat(line.get("lastSeq").asLong()).isEqualTo(s.lastSeq());
            RepresentationState p = ResourcesCommand.primary(s);
            assertThat(text(line, "sha256")).isEqualTo(p == null ? null : p.sha256());
            assertThat(text(line, "md5")).isEqualTo(p == null ? null : p.md5());
            assertThat(line.get("representations")).hasSize(s.representations().size());
            for (int j = 0; j < s.representations().size(); j++) {
                RepresentationState rep = s.representations().get(j);
                JsonNode f = line.get("representations").get(j);
                assertThat(text(f, "url")).isEqualTo(rep.url() == null ? null : rep.url().toString());
                assertThat(f.get("role").asText()).isEqualTo(rep.role().token());
                assertThat(f.get("length").asLong()).isEqualTo(rep.length());
                assertThat(text(f, "sha256")).isEqualTo(rep.sha256());
            }
        }
    }

    @Test
    void sourceFilterAndTableListOnlyActiveResourcesOfThatSource() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(6).seed(2).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(), "--delay", "0",
                    "--source-id", "one");
        }

        CliRun none = CliRun.of("resources", "--source", "other", "--store", dir.toString());
        CliRun table = CliRun.of("resources", "--source", "one", "--format", "table", "--store", dir.toString());

        assertThat(none.out()).isEmpty();
        assertThat(table.out().split("\n")).hasSize(1 + 6);
        assertThat(table.out()).startsWith("SOURCE ").contains("one          active");
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
