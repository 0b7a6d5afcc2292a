package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * A disposable node (issue 31; docs/architecture.md, "Which data lives where"): with the journal and every piece of
 * state in PostgreSQL, the blobs in an object store and the graphs in a SPARQL store, a node's data directory holds
 * only temporary files and caches; wiping it between two runs neither loses nor redoes committed work — no new journal row, no
 * document downloaded again, every blob and graph still there.
 */
class LexSyncStatelessNodeTest {
    @TempDir
    Path dir;

    @Test
    void wipingTheDataDirectoryBetweenRunsLosesNothingAndRedoesNothing() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             PostgresDatabase database = PostgresDatabase.create();
             LocalFuseki fuseki = LocalFuseki.start(dir.resolve("fuseki"));
             FixturePublisher pub = FixturePublisher.builder().resources(6).seed(23).bodyBytes(100 * 1024).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             FixturePublisher eliOrigin = FixturePublisher.builder().resources(0).start()) {
            EliProvider eli = EliProvider.builder().acts(8).perSitemap(5).build().register(eliOrigin);
            Path data = dir.resolve("node");
            long seq;
            long graphs;
            try (LexSync node = open(data, database, s3, fuseki)) {
                harvest(node, pub, eli);
                seq = node.store().lastSeq();
                try (RdfStore remote = RdfStore.remote(fuseki.endpoint())) {
                    graphs = remote.graphCount();
                }
            }
            assertThat(seq).isPositive();
            assertThat(graphs).isEqualTo(8);
            assertThat(stateFiles(data)).as("only temporary files and caches on the node's disk").isEmpty();

            deleteTree(data);
            assertThat(documentFetches(pub)).as("the first run downloaded the documents (or their dump)").isNotEmpty();
            pub.clearRequests();

            try (LexSync node = open(data, database, s3, fuseki)) {
                List<HarvestReport> again = harvest(node, pub, eli);
                assertThat(again).allSatisfy(r -> assertThat(r.complete()).isTrue());
                assertThat(node.store().lastSeq()).as("no change redone").isEqualTo(seq);
                assertThat(documentFetches(pub)).as("no document downloaded again (checkpoint and validators in"
                        + " PostgreSQL)").isEmpty();
                for (FixtureResource r : pub.activeResources()) {
                    try (InputStream in = node.store().openBlob(new BlobKey(r.sha256()))) {
                        assertThat(in.readAllBytes()).as(r.path()).isEqualTo(r.body());
                    }
                }
                try (RdfStore remote = RdfStore.remote(fuseki.endpoint())) {
                    assertThat(remote.graphCount()).isEqualTo(graphs);
                }
            }
            assertThat(stateFiles(data)).isEmpty();
        }
    }

    private static LexSync open(Path data, PostgresDatabase database, S3Server s3, LocalFuseki fuseki) {
        return LexSync.builder(data).politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true)
                .jdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null)
                .blobs("s3://" + S3Server.BUCKET + "/node").s3Endpoint(s3.endpoint(), true)
                .s3CredentialVariables(S3Server.ACCESS_KEY_ENV, S3Server.SECRET_KEY_ENV)
                .s3Environment(s3.environment()::get).rdfEndpoint(fuseki.endpoint()).build();
    }

    private static List<HarvestReport> harvest(LexSync node, FixturePublisher pub, EliProvider eli) {
        node.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).delay(Duration.ZERO)
                .build());
        node.register(Source.builder("eli", EliOptions.DEFAULT).url(eli.sitemapUrl()).url(eli.feedUrl())
                .delay(Duration.ZERO).build());
        return List.of(node.harvest("acts"), node.harvest("eli"));
    }

    /**
     * Successful downloads of anything but the ResourceSync documents describing the resources (XML lists,
     * robots.txt): the resources themselves and the dump packages holding them.
     */
    private static List<String> documentFetches(FixturePublisher pub) {
        return pub.requests().stream().filter(q -> q.status() == 200).map(q -> q.path())
                .filter(p -> !p.endsWith(".xml") && !p.endsWith("robots.txt") && !p.startsWith("/.well-known/"))
                .toList();
    }

    /**
     * Every file under the data directory but the temporary ones ({@code tmp/}) and the disk cache of object-store
     * blobs ({@code cache/}), which may go at any time.
     */
    private static List<Path> stateFiles(Path data) throws IOException {
        if (!Files.isDirectory(data)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(data)) {
            return all.filter(Files::isRegularFile).filter(p -> !data.relativize(p).startsWith("tmp"))
                    .filter(p -> !data.relativize(p).startsWith("cache")).toList();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
