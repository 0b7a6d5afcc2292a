package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.model.StoreException;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** How front ends open the facade's store: dry runs and read-only facades create and write nothing. */
class LexSyncStoreAccessTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource rs;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(6).seed(3).start();
        rs = ResourceSyncSource.install(pub);
    }

    @AfterEach
    void stop() {
        rs.close();
        pub.close();
    }

    private Source source(String id) {
        return Source.builder(id, ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build();
    }

    private LexSync.Builder builder(Path data) {
        return LexSync.builder(data).politeness(new Politeness(4, Duration.ZERO));
    }

    private void harvestOnce(Path data) {
        try (LexSync lexsync = builder(data).build()) {
            lexsync.register(source("acts"));
            assertThat(lexsync.harvest("acts").complete()).isTrue();
        }
    }

    @Test
    void aDryRunWithoutAStorePlansAgainstAScratchStoreAndCreatesNone() {
        Path data = dir.resolve("none");
        List<PlannedChange> planned = new ArrayList<>();
        try (LexSync lexsync = builder(data).dryRun(true).build()) {
            lexsync.register(source("acts"));
            lexsync.plan("acts", new HarvestListener() {
                @Override
                public void planned(PlannedChange change) {
                    planned.add(change);
                }
            });
        }

        assertThat(planned).hasSize(6);
        assertThat(data).doesNotExist();
    }

    @Test
    void aDryRunOnAStoreWritesNoSourceRecord() {
        harvestOnce(dir);

        try (LexSync lexsync = builder(dir).dryRun(true).build()) {
            lexsync.register(source("other"));
            HarvestReport report = lexsync.plan("other", HarvestListener.NONE);
            assertThat(report.planned()).isEqualTo(6);
            assertThat(lexsync.operations().readOnly()).isTrue();
        }
        try (LexSync lexsync = builder(dir).readOnly(true).build()) {
            assertThat(lexsync.store().storedSources()).extracting(SourceRecord::id).containsExactly("acts");
        }
    }

    @Test
    void registerIfUnknownKeepsTheStoredDefinition() {
        try (LexSync lexsync = builder(dir).build()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).approved(false)
                    .schedule("daily").build());
            lexsync.registerIfUnknown(source("acts"));

            SourceRecord stored = lexsync.store().storedSource("acts").orElseThrow();
            assertThat(stored.approved()).isFalse();
            assertThat(stored.schedule()).isEqualTo("daily");
            assertThat(lexsync.registered()).extracting(Source::approved).containsExactly(true);
        }
    }

    @Test
    void registerIfUnknownStoresANewSource() {
        try (LexSync lexsync = builder(dir).build()) {
            lexsync.registerIfUnknown(source("acts"));

            assertThat(lexsync.store().storedSource("acts")).isPresent();
        }
    }

    @Test
    void aReadOnlyFacadeQueriesAStoreWithoutRdfAndCreatesNoRdfDirectory() {
        harvestOnce(dir);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        try (LexSync lexsync = builder(dir).readOnly(true).build()) {
            lexsync.sparql("ASK { ?s ?p ?o }", ResultFormat.CSV, out);
        }

        assertThat(out.toString(StandardCharsets.UTF_8)).containsIgnoringCase("false");
        assertThat(dir.resolve("rdf")).doesNotExist();
    }

    @Test
    void openBlobReadsTheStoredBytes() throws IOException, NoSuchAlgorithmException {
        harvestOnce(dir);
        try (LexSync lexsync = builder(dir).readOnly(true).build()) {
            List<ResourceState> states = new ArrayList<>();
            lexsync.store().resourceStates("acts", false, states::add);
            assertThat(states).hasSize(6);
            RepresentationState rep = states.get(0).representations().get(0);

            byte[] bytes;
            try (InputStream in = lexsync.store().openBlob(rep.blobKey())) {
                bytes = in.readAllBytes();
            }

            assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)))
                    .isEqualTo(rep.sha256());
            assertThat(lexsync.store().resourceCount("acts")).isEqualTo(6);
            assertThat(lexsync.store().quarantined("acts")).isZero();
            assertThat(lexsync.store().checkpoint("acts")).isPresent();
        }
    }

    @Test
    void existingNeverCreatesAStore() {
        Path data = dir.resolve("missing");

        assertThatThrownBy(() -> builder(data).existing(true).build()).isInstanceOf(StoreException.class);
        assertThat(Files.exists(data)).isFalse();
    }
}
