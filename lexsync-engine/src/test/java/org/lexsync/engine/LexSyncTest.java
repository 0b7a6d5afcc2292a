package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** The facade end to end: sources from code and from lexsync.yaml, harvest, dry run, changes planned by a front end. */
class LexSyncTest {
    @TempDir
    Path dir;

    private LexSync open() {
        return LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).build();
    }

    @Test
    void aSourceRegisteredInCodeIsHarvestedAndItsChangesAreInTheJournal() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(5).seed(3).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             LexSync lexsync = open()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());

            HarvestReport report = lexsync.harvest("acts");

            assertThat(report.complete()).isTrue();
            assertThat(report.apply().counts().created()).isEqualTo(5);
            List<JournalEntry> journal = new ArrayList<>();
            lexsync.store().journal(0, "acts", 100, journal::add);
            assertThat(journal).hasSize(5).allMatch(e -> e.kind() == ChangeKind.CREATED);
            assertThat(lexsync.store().lastSeq()).isEqualTo(journal.get(4).seq());
            assertThat(lexsync.store().storedSource("acts")).hasValueSatisfying(r -> assertThat(r.protocol())
                    .isEqualTo("resourcesync"));
            assertThat(lexsync.store().runs("acts", 5)).hasSize(1);
        }
    }

    @Test
    void commitListenersHearEveryCommittedChangeWithItsJournalNumber() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(6).seed(4).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             LexSync lexsync = open()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());
            List<Long> announced = new java.util.concurrent.CopyOnWriteArrayList<>();
            lexsync.operations().addListener(batch -> batch.changes().forEach(c -> announced.add(c.seq())));

            lexsync.harvest("acts");

            List<Long> journal = new ArrayList<>();
            lexsync.store().journal(0, "acts", 100, e -> journal.add(e.seq()));
            assertThat(journal).hasSize(6);
            assertThat(announced).containsExactlyElementsOf(journal);
        }
    }

    @Test
    void aPlanWritesNothingAndTellsEachPlannedChange() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(4).seed(3).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             LexSync lexsync = open()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());
            List<PlannedChange> planned = new ArrayList<>();

            HarvestReport report = lexsync.plan("acts", new HarvestListener() {
                @Override
                public void planned(PlannedChange change) {
                    planned.add(change);
                }
            });

            assertThat(report.planned()).isEqualTo(4);
            assertThat(planned).hasSize(4);
            assertThat(lexsync.store().lastSeq()).isZero();
        }
    }

    @Test
    void changesPlannedByAFrontEndAreFetchedVerifiedAndCommittedOnce() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(2).seed(5).start();
             LexSync lexsync = open()) {
            lexsync.register(Source.builder("crawled", AtomOptions.DEFAULT).url(pub.baseUri()).build());
            List<PlannedChange> changes = new ArrayList<>();
            for (FixtureResource r : pub.resources()) {
                URI uri = pub.uri(r.path());
                changes.add(PlannedChange.builder("crawled", uri.toString(), ChangeKind.CREATED)
                        .sourceTimestamp(W3cDateTimes.parseOrNull("2024-01-01"))
                        .representations(List.of(PlannedRepresentation.fetch(uri, RepresentationRole.PRIMARY,
                                Digests.NONE, null, null))).checkpoint(r.path()).build());
            }

            ApplyReport first = lexsync.apply("crawled", changes.iterator());
            ApplyReport again = lexsync.apply("crawled", changes.iterator());

            assertThat(first.counts().created()).isEqualTo(2);
            assertThat(again.counts().created()).isZero();
            assertThat(again.counts().unchanged()).isEqualTo(2);
            assertThat(lexsync.store().resource("crawled", changes.get(0).resourceUri())).isPresent();
        }
    }

    @Test
    void sourcesAreReadFromLexsyncYamlWithTheirTypedOptions() throws Exception {
        Path yaml = dir.resolve("lexsync.yaml");
        Files.writeString(yaml, """
                sources:
                  - id: acts
                    protocol: resourcesync
                    url: https://legal.example.org/
                    politeness: {delay: 2, concurrency: 1}
                    options:
                      baseline: list
                      hash: md5
                """, StandardCharsets.UTF_8);

        List<Source> sources = LexSync.readConfig(yaml);

        assertThat(sources).hasSize(1);
        Source s = sources.get(0);
        assertThat(s.protocol()).isEqualTo("resourcesync");
        assertThat(s.delay()).isEqualTo(Duration.ofSeconds(2));
        ResourceSyncOptions o = (ResourceSyncOptions) s.options();
        assertThat(o.baseline()).isEqualTo(ResourceSyncOptions.Baseline.LIST);
        assertThat(o.hash()).isEqualTo(ResourceSyncOptions.HashCheck.MD5);
    }

    @Test
    void aBadOptionInLexsyncYamlNamesFileLineAndKey() throws Exception {
        Path yaml = dir.resolve("lexsync.yaml");
        Files.writeString(yaml, """
                sources:
                  - id: acts
                    protocol: resourcesync
                    url: https://legal.example.org/
                    options:
                      hash: crc32
                """, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> LexSync.readConfig(yaml)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("lexsync.yaml:6").hasMessageContaining("options.hash");
    }

    @Test
    void harvestingASourceThatIsNotRegisteredSaysWhichAreRegistered() {
        try (LexSync lexsync = open()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url("https://legal.example.org/")
                    .build());
            assertThatThrownBy(() -> lexsync.harvest("cases")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("no source 'cases' is registered (registered: acts)");
        }
    }
}
