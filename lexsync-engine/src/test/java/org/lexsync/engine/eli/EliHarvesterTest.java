package org.lexsync.engine.eli;

import org.lexsync.engine.model.EliOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.rdf.EliConformance;
import org.lexsync.engine.rdf.GraphInfo;
import org.lexsync.engine.rdf.QueryResult;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.eli.EliAct;
import org.lexsync.fixture.eli.EliProvider;

/** End-to-end ELI Pillar IV harvesting (annex §4.1 steps 2-5, §4.2) against the fixture provider on loopback. */
class EliHarvesterTest {
    @TempDir
    Path dir;

    EliHarness h;

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    private EliHarness harness(EliProvider.Builder b) {
        h = newHarness(dir, b);
        return h;
    }

    /** The harness of one test (a subclass runs the same assertions with the graphs in another store). */
    EliHarness newHarness(Path dir, EliProvider.Builder b) {
        return new EliHarness(dir, b);
    }

    @Test
    void theSitemapsSizeIsKnownForProgressBeforeItsFirstPageIsCommitted() {   // issue 13.10
        harness(EliProvider.builder().acts(12).perSitemap(5));

        h.sync();

        assertThat(h.progress).isNotEmpty();
        assertThat(h.progress.get(0)).isEqualTo("expected 5");
        assertThat(h.progress).contains("expected 10", "expected 12");
    }

    @Test
    void baselineFromSitemapIndexStoresEveryEliWithItsLastmod() {
        harness(EliProvider.builder().acts(20).perSitemap(8));
        HarvestReport report = h.sync();

        assertThat(report.complete()).isTrue();
        Map<String, String> active = h.active();
        assertThat(active).hasSize(20);
        // §4.1 step 2b: the Sitemap's date of modification is kept per ELI
        for (EliAct act : h.provider.acts()) {
            assertThat(active.get(h.provider.eli(act.number()))).isEqualTo(act.modified().toString());
        }
        // the index, three Sitemaps (the second gzipped) and the feed, read before the walk (to date its entries)
        // and after it (for the updates made meanwhile)
        assertThat(report.documentsRead()).isEqualTo(6);
        assertThat(h.pageRequests()).hasSize(20);
        assertThat(h.pageRequests()).allSatisfy(r -> assertThat(r.header("Accept")).isEqualTo("text/html"));
    }

    @Test
    void baselineWritesOneNamedGraphPerEliWithLastmodAndHarvestTime() {
        harness(EliProvider.builder().acts(12).perSitemap(5));
        h.sync();
        String eli1 = h.provider.eli(1);
        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphCount()).isEqualTo(12);
            GraphInfo info = rdf.graphInfo(eli1).orElseThrow();
            assertThat(info.lastmod().toString()).isEqualTo(h.provider.acts().get(0).modified().toString());
            assertThat(info.harvested()).isNotNull();
            assertThat(info.triples()).isGreaterThan(10);
        }
    }

    @Test
    void redirectingEliAndJsonLdOnlyPageBothYieldTheirGraph() {
        harness(EliProvider.builder().acts(10).perSitemap(5));
        h.sync();
        try (RdfStore rdf = h.rdf()) {
            // act 7 answers 303 to its page (§3.2.2 "possibly using an HTML redirect"); act 3 has JSON-LD only
            for (int n : new int[] {3, 7}) {
                QueryResult r = rdf.query("ASK { GRAPH <" + h.provider.eli(n) + "> { <" + h.provider.eli(n)
                        + "> a <http://data.europa.eu/eli/ontology#LegalResource> } }");
                assertThat(((QueryResult.Ask) r).value()).as("act %d", n).isTrue();
            }
        }
    }

    @Test
    void pageWithoutPrefixDeclarationIsRecordedAsFindingOfThatEli() {
        harness(EliProvider.builder().acts(6).perSitemap(5));
        HarvestReport report = h.sync();
        long runId = report.apply().runId();
        List<RunFinding> findings = h.store.runs().findings(runId);
        String eli5 = h.provider.eli(5);
        // ELI Pillar III pages use RDFa 1.1, where eli: is not in the initial context and must be declared
        assertThat(findings).filteredOn(f -> eli5.equals(f.resourceUri()))
                .extracting(f -> f.finding().rule()).contains("rdfa:core-1.1-5/eli-prefix-undeclared");
        assertThat(findings).filteredOn(f -> h.provider.eli(1).equals(f.resourceUri())).isEmpty();
    }

    @Test
    void pageDescribingNoFormatIsRecordedAsFindingOfThatEli() {
        harness(EliProvider.builder().acts(8).perSitemap(5));
        HarvestReport report = h.sync();
        String eli8 = h.provider.eli(8);
        // §3.2.2 "Provide relevant multilingual legal expressions and formats ... (at least one expression and one format)"
        assertThat(h.store.runs().findings(report.apply().runId())).filteredOn(f -> eli8.equals(f.resourceUri()))
                .extracting(f -> f.finding().rule()).contains(EliConformance.FORMAT);
        assertThat(report.findings().has(EliConformance.FORMAT)).isTrue();
    }

    @Test
    void dailySyncFetchesExactlyTheUpdatedAndNewActs() {
        harness(EliProvider.builder().acts(15).perSitemap(6));
        h.sync();
        h.pub.clearRequests();
        List<String> updated = h.provider.update(2, 4);
        List<String> added = h.provider.add(3);

        HarvestReport report = h.sync();

        assertThat(report.complete()).isTrue();
        // §4.1 step 4: the feed alone; only its new or newer entries are fetched
        assertThat(h.pub.requests()).noneMatch(r -> r.path().startsWith("/eli/sitemap"));
        assertThat(h.pageRequests().stream().map(r -> h.pub.baseUri().resolve(r.path()).toString()).sorted().toList())
                .containsExactlyElementsOf(java.util.stream.Stream.concat(updated.stream(), added.stream()).sorted().toList());
        assertThat(report.apply().counts().created()).isEqualTo(3);
        assertThat(report.apply().counts().updated()).isEqualTo(2);
        try (RdfStore rdf = h.rdf()) {
            QueryResult.Select titles = (QueryResult.Select) rdf.query("SELECT ?t WHERE { GRAPH <" + added.get(0)
                    + "> { ?e <http://data.europa.eu/eli/ontology#title> ?t } }");
            assertThat(titles.rows().stream().map(r -> r.get("t").getLiteralLexicalForm()).toList())
                    .contains("Act No 2025/16, version 1");
            QueryResult.Select v2 = (QueryResult.Select) rdf.query("SELECT ?t WHERE { GRAPH <" + updated.get(0)
                    + "> { ?e <http://data.europa.eu/eli/ontology#title> ?t FILTER(lang(?t) = 'en') } }");
            assertThat(v2.rows()).singleElement().satisfies(r ->
                    assertThat(r.get("t").getLiteralLexicalForm()).isEqualTo("Act No 2025/2, version 2"));
        }
    }

    @Test
    void failingPageHoldsTheRestOfTheFeedForTheNextRun() {
        harness(EliProvider.builder().acts(8).perSitemap(5));
        h.sync();
        List<String> updated = h.provider.update(2, 4, 6);
        h.pub.faults().always("/eli/act/2025/4/oj", new Fault.Status(503, null));

        HarvestReport failed = h.sync();

        // docs/architecture.md, invariant 1, invariant 6: the feed is applied oldest first and the checkpoint does not pass a failed change
        assertThat(failed.complete()).isFalse();
        assertThat(failed.apply().gap().resourceUri()).isEqualTo(updated.get(1));
        assertThat(h.resource(updated.get(0)).sourceTimestamp().toString())
                .isEqualTo(h.provider.acts().get(1).modified().toString());
        assertThat(h.resource(updated.get(2)).sourceTimestamp().toString())
                .isNotEqualTo(h.provider.acts().get(5).modified().toString());

        h.pub.faults().clear();
        h.pub.clearRequests();
        HarvestReport resumed = h.sync();

        assertThat(resumed.complete()).isTrue();
        // the held pages, and only they, are fetched again; workers fetch concurrently, so in any order
        assertThat(h.pageRequests().stream().map(r -> h.pub.baseUri().resolve(r.path()).toString()).toList())
                .containsExactlyInAnyOrder(updated.get(1), updated.get(2));
    }

    @Test
    void secondRunWithNothingNewFetchesNoPageAndAddsNoJournalRow() {
        harness(EliProvider.builder().acts(8).perSitemap(5));
        h.sync();
        int rows = h.journal().size();
        h.pub.clearRequests();
        h.notes.clear();
        HarvestReport again = h.sync();
        assertThat(again.complete()).isTrue();
        assertThat(h.pageRequests()).isEmpty();
        assertThat(h.notes).noneMatch(n -> n.startsWith("rebuilt"));
        assertThat(h.journal()).hasSize(rows);
    }

    @Test
    void fullTextFirstStoresOneFormatPerExpressionFollowingRedirects() {
        harness(EliProvider.builder().acts(4).perSitemap(5));
        h.sync(Map.of(EliOptions.KEY_FULL_TEXT, "first"), false);
        ResourceState r = h.resource(h.provider.eli(1));
        List<RepresentationState> texts = r.representations().stream()
                .filter(x -> x.role() == RepresentationRole.FULLTEXT).toList();
        // §4.2: HTML first, through eli:is_exemplified_by; one per expression (eng, fra)
        assertThat(texts).hasSize(2);
        assertThat(texts).allSatisfy(t -> {
            assertThat(t.mediaType()).startsWith("text/html");
            assertThat(t.sha256()).hasSize(64);
        });
        assertThat(texts.stream().map(t -> t.links().get(0).attributes().get("hreflang")).collect(Collectors.toSet()))
                .hasSize(2);
    }

    @Test
    void fullTextAllWithLanguageFilterTakesEveryFormatOfThatLanguage() {
        harness(EliProvider.builder().acts(2).perSitemap(5));
        h.sync(Map.of(EliOptions.KEY_FULL_TEXT, "all", EliOptions.KEY_LANGUAGES, "fr"), false);
        List<RepresentationState> texts = h.resource(h.provider.eli(1)).representations().stream()
                .filter(x -> x.role() == RepresentationRole.FULLTEXT).toList();
        // html via is_exemplified_by, pdf via the format URI that redirects (§4.2 steps 2b, 3)
        assertThat(texts).extracting(RepresentationState::mediaType)
                .anySatisfy(t -> assertThat(t).startsWith("text/html"))
                .anySatisfy(t -> assertThat(t).startsWith("application/pdf"));
        assertThat(texts).hasSize(2);
    }

    @Test
    void resyncMarksResourcesThatVanishedFromTheSitemapAsGone() {
        harness(EliProvider.builder().acts(10).perSitemap(4));
        h.sync();
        int rows = h.journal().size();
        String gone = h.provider.remove(9).get(0);
        h.pub.clearRequests();

        HarvestReport report = h.sync(Map.of(EliOptions.KEY_RESYNC, "true"), false);

        assertThat(report.complete()).isTrue();
        // §4.1 step 5 fetches every page again; identical pages add no journal row, the vanished ELI adds one
        assertThat(h.pageRequests()).hasSize(9);
        assertThat(h.journal()).hasSize(rows + 1);
        assertThat(h.active()).hasSize(9).doesNotContainKey(gone);
        assertThat(h.journal()).filteredOn(e -> e.resourceUri().equals(gone))
                .extracting(e -> e.kind()).containsExactly(ChangeKind.CREATED, ChangeKind.DELETED);
        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphInfo(gone)).isEmpty();
            assertThat(rdf.graphCount()).isEqualTo(9);
        }
    }

    @Test
    void feedHistoryShorterThanTheAbsenceFallsBackToASitemapResync() {
        harness(EliProvider.builder().acts(6).perSitemap(4).feedHistory(Duration.ofDays(1)));
        h.sync();
        h.provider.advance(Duration.ofDays(3));
        String missed = h.provider.update(2).get(0);
        h.provider.advance(Duration.ofDays(3));
        String inFeed = h.provider.update(4).get(0);

        HarvestReport report = h.sync();

        assertThat(report.complete()).isTrue();
        assertThat(h.notes).anySatisfy(n -> assertThat(n).contains("falling back to a Sitemap resync"));
        assertThat(report.findings().has("eli:4.1/feed-history")).isTrue();
        assertThat(h.active().get(missed)).isEqualTo(h.provider.acts().get(1).modified().toString());
        assertThat(h.active().get(inFeed)).isEqualTo(h.provider.acts().get(3).modified().toString());
    }

    @Test
    void crashBetweenCommitAndGraphWriteIsRepairedOnTheNextRun() {
        harness(EliProvider.builder().acts(5).perSitemap(5));
        h.sync();
        String eli = h.provider.eli(2);
        try (RdfStore rdf = h.rdf()) {
            // what a crash after the applier's commit but before the TDB2 write leaves behind
            rdf.removeGraph(eli);
        }
        h.pub.clearRequests();
        h.sync();
        assertThat(h.pageRequests()).isEmpty();
        assertThat(h.notes).contains("rebuilt 1 named graphs from the stored pages (left behind by an interrupted run)");
        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphInfo(eli)).isPresent();
            assertThat(rdf.graphInfo(eli).orElseThrow().lastmod().toString())
                    .isEqualTo(h.provider.acts().get(1).modified().toString());
        }
    }

    @Test
    void dryRunReadsTheSitemapButFetchesNoPageAndWritesNothing() {
        harness(EliProvider.builder().acts(7).perSitemap(5));
        HarvestReport report = h.sync(Map.of(), true);
        // 7 from the Sitemap, then the 7 feed entries: nothing was stored, so the delta step sees them as new
        assertThat(report.planned()).isEqualTo(14);
        assertThat(h.pageRequests()).isEmpty();
        assertThat(h.active()).isEmpty();
    }
}
