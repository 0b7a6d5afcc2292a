package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Checker and harvester over the same fixture publications, through one facade (issue 19, "Tests"): where the
 * checker reports no error the harvester stores every item, and every item a checker error names is one the
 * harvester fails or reports.
 */
class LexSyncCheckDifferentialTest {
    @TempDir
    Path dir;

    private LexSync open() {
        return LexSync.builder(dir.resolve("data")).politeness(new Politeness(1, Duration.ZERO)).tries(1).build();
    }

    private static CheckRequest request(CheckProtocol p, String root) {
        return CheckRequest.of(p, root).withSample(CheckRequest.SAMPLE_ALL).withDelay(Duration.ZERO)
                .withAtomProfile(CheckRequest.AtomProfile.RINFO);
    }

    /** The entries the checker's error examples name. */
    private static Set<String> namedByErrors(CheckReport r) {
        return r.broken(Severity.ERROR).stream().flatMap(x -> x.examples().stream()).map(CheckExample::entry)
                .collect(Collectors.toSet());
    }

    private static Set<String> failed(LexSync lexsync, String source) {
        return lexsync.store().failures(source).stream().map(ItemFailure::resourceUri).collect(Collectors.toSet());
    }

    @Test
    void atomCleanAndCorrupted() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start(); LexSync lexsync = open()) {
            AtomSource atom = AtomSource.register(pub, "/atom", 3, 200);
            atom.publishNew(9).publish(AtomSource.id(10), true);
            atom.update(AtomSource.id(4));
            atom.delete(AtomSource.id(5));
            lexsync.register(Source.builder("rinfo", AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());

            CheckReport clean = lexsync.check(request(CheckProtocol.ATOM, atom.subscriptionUri().toString()));
            HarvestReport first = lexsync.harvest("rinfo");

            assertThat(clean.broken(Severity.ERROR)).isEmpty();
            assertThat(first.apply().failures()).isEmpty();
            assertThat(lexsync.store().resourceCount("rinfo")).isEqualTo(atom.active().size());

            atom.publishNew(2);
            atom.corrupt(AtomSource.id(11));
            CheckReport corrupt = lexsync.check(request(CheckProtocol.ATOM, atom.subscriptionUri().toString()));
            lexsync.harvest("rinfo");

            assertThat(namedByErrors(corrupt)).containsExactly(AtomSource.id(11));
            assertThat(failed(lexsync, "rinfo")).containsAll(namedByErrors(corrupt));
        }
    }

    @Test
    void resourceSyncCleanAndCorrupted() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(6).seed(9).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             LexSync lexsync = open()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());

            CheckReport clean = lexsync.check(request(CheckProtocol.RESOURCESYNC,
                    rs.sourceDescriptionUri().toString()));
            lexsync.harvest("acts");

            assertThat(clean.broken(Severity.ERROR)).isEmpty();
            assertThat(lexsync.store().failures("acts")).isEmpty();
            assertThat(lexsync.store().resourceCount("acts")).isEqualTo(pub.activeResources().size());
        }
        try (FixturePublisher pub = FixturePublisher.builder().resources(6).seed(9).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).resourceDump(false).changeDump(false).install();
             LexSync lexsync = LexSync.builder(dir.resolve("data2")).politeness(new Politeness(1, Duration.ZERO))
                     .tries(1).build()) {
            FixtureResource target = pub.activeResources().get(2);
            pub.faults().always(target.path(), new Fault.CorruptBody());
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());

            CheckReport corrupt = lexsync.check(request(CheckProtocol.RESOURCESYNC,
                    rs.sourceDescriptionUri().toString()));
            lexsync.harvest("acts");

            assertThat(namedByErrors(corrupt)).containsExactly(target.uri().toString());
            assertThat(failed(lexsync, "acts")).containsAll(namedByErrors(corrupt));
        }
    }

    @Test
    void eliPagesTheCheckerFaultsAreTheOnesTheHarvesterReports() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start(); LexSync lexsync = open()) {
            EliProvider eli = EliProvider.builder().acts(9).perSitemap(4)
                    .start(java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)).build()
                    .register(pub);
            lexsync.register(Source.builder("eli", EliOptions.DEFAULT).url(eli.sitemapUrl()).url(eli.feedUrl())
                    .delay(Duration.ZERO).build());

            CheckReport r = lexsync.check(request(CheckProtocol.ELI, eli.sitemapUrl().toString()));
            HarvestReport h = lexsync.harvest("eli");

            List<CheckRuleResult> errors = r.broken(Severity.ERROR);
            assertThat(errors).extracting(CheckRuleResult::rule).containsExactly("eli:3.2.2/format");
            assertThat(lexsync.store().resourceCount("eli")).isEqualTo(9);   // the page is stored, with its finding
            assertThat(h.findings().list()).extracting(Finding::rule).contains("eli:3.2.2/format");
        }
    }
}
