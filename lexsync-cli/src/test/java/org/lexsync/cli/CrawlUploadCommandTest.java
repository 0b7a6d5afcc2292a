package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.documentgroup.Document;
import org.lexsync.core.documentgroup.DocumentGroupValidator;
import org.lexsync.core.documentgroup.Operation;
import org.lexsync.core.documentgroup.ValidationResult;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.portal.LegalPortal;
import org.lexsync.server.LexSyncServer;

/**
 * {@code lexsync crawl SOURCE-ID --upload URL --token T} (issue 18, "Document groups and the outbox"): a crawl of the
 * fixture portal whose changed groups go through the durable outbox (EUCases D2.1 §1.3.2) as ZIP + MetaInfo (§3.2,
 * Appendix I) to a real {@code lexsync} server with the ingestion feature, on loopback.
 */
class CrawlUploadCommandTest {
    static final String SOURCE = "portal";
    static final String SECRET = "portal-ingest-secret";

    @TempDir
    Path dir;
    LexSync serverStore;
    LexSyncServer server;
    FixturePublisher pub;

    @BeforeEach
    void open() {
        serverStore = LexSync.builder(dir.resolve("server-data")).build();
        pub = FixturePublisher.builder().resources(0).start();
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
        serverStore.close();
        pub.close();
    }

    void startServer(int port) {
        server = LexSyncServer.builder(serverStore).settings(ServerSettings.DEFAULTS.withPort(port).withTokens(List.of(
                        AccessToken.ofSecret(SOURCE, SECRET, Set.of(AccessToken.Role.INGEST)))))
                .feature(org.lexsync.server.ingest.IngestRoutes::new).build().start();
    }

    Path config() throws IOException {
        Path file = dir.resolve("lexsync.yaml");
        Files.writeString(file, """
                sources:
                  - id: portal
                    protocol: crawler
                    url: %s
                    politeness: {delay: 0}
                    crawler:
                      seeds: ['acts?page=1']
                      listing: {item: 'ul.results a.act', next: a.next}
                      detail:
                        fields: {id: {css: .number, required: true}}
                        attachments: {css: a.file}
                """.formatted(pub.uri("/portal/")), StandardCharsets.UTF_8);
        return file;
    }

    CliRun crawl(String url) throws IOException {
        return CliRun.of("crawl", SOURCE, "--config", config().toString(), "--store", dir.resolve("data").toString(),
                "--upload", url, "--token", SECRET);
    }

    /** URI → SHA-256 of the primary file, of the active resources of a store's source (Word files left out). */
    static Map<String, String> documents(LexSync lexsync) {
        Map<String, String> out = new TreeMap<>();
        lexsync.store().resourceStates(SOURCE, false, s -> {
            if (!s.uri().endsWith(".doc")) {
                out.put(s.uri(), primarySha(s));
            }
        });
        return out;
    }

    static String primarySha(ResourceState s) {
        return s.representations().stream().filter(r -> r.role() == RepresentationRole.PRIMARY).findFirst()
                .orElseThrow().sha256();
    }

    Map<String, String> crawlerDocuments() {
        try (LexSync crawler = LexSync.builder(dir.resolve("data")).readOnly(true).build()) {
            return documents(crawler);
        }
    }

    @Test
    void aCrawlUploadsEveryGroupAndTheServerHoldsTheSameDocuments() throws Exception {
        LegalPortal.install(pub, 3, 0, 10);
        startServer(0);

        CliRun run = crawl(server.uri().toString());

        assertThat(run.code()).as(run.out() + run.err()).isZero();
        // Appendix I lists no application/msword: the three Word files are left out and said so
        assertThat(run.out()).contains("upload: 3 groups added").contains("3 documents left out")
                .contains("3 acknowledged, 0 refused, 0 waiting in the outbox");
        Map<String, String> crawler = crawlerDocuments();
        assertThat(crawler).hasSize(9); // 3 detail pages, 3 HTML and 3 PDF texts
        assertThat(documents(serverStore)).isEqualTo(crawler);
        assertThat(Files.list(dir.resolve("data/outbox/portal/done")).filter(p -> p.toString().endsWith(".xml")))
                .hasSize(3);
    }

    @Test
    void groupsCrawledBeforeUploadsWereOnAreSentAsAddByTheFirstUpload() throws Exception {
        LegalPortal.install(pub, 2, 0, 10);
        startServer(0);
        CliRun plain = CliRun.of("crawl", SOURCE, "--config", config().toString(), "--store",
                dir.resolve("data").toString());
        assertThat(plain.code()).as(plain.err()).isZero();

        CliRun run = crawl(server.uri().toString()); // the portal did not change: nothing in the journal

        assertThat(run.code()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("unchanged 8").contains("upload: 2 groups added").contains("2 acknowledged");
        assertThat(documents(serverStore)).isEqualTo(crawlerDocuments());
        CliRun again = crawl(server.uri().toString());
        assertThat(again.out()).contains("upload: 0 groups added").contains("0 acknowledged, 0 refused, 0 waiting");
    }

    /** EUCases D2.1 §3.2, Appendix I: every group written to the outbox is valid against the schema and its rules. */
    @Test
    void theOutboxGroupsAreValidAppendixIGroups() throws Exception {
        LegalPortal.install(pub, 2, 0, 10);
        startServer(0);
        assertThat(crawl(server.uri().toString()).code()).isZero();
        Path done = dir.resolve("data/outbox/portal/done");
        for (String name : List.of("000000000001", "000000000002")) {
            ValidationResult result = DocumentGroupValidator.create().validate(done.resolve(name + ".xml"),
                    done.resolve(name + ".zip"));
            assertThat(result.findings()).as(name).isEmpty();
            assertThat(result.group().crawler()).isEqualTo(SOURCE);
            assertThat(result.group().operation()).isEqualTo(Operation.ADD);
            assertThat(result.group().documents()).extracting(Document::format)
                    .containsExactlyInAnyOrder("text/html", "text/html", "application/pdf");
        }
    }

    @Test
    void aSecondCrawlUploadsOnlyTheChangedGroupsAsUpdAndDel() throws Exception {
        LegalPortal portal = LegalPortal.install(pub, 3, 0, 10);
        startServer(0);
        assertThat(crawl(server.uri().toString()).code()).isZero();
        portal.update(2);
        portal.remove(3, 410);

        CliRun run = crawl(server.uri().toString());

        assertThat(run.code()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("upload: 2 groups added").contains("2 acknowledged, 0 refused, 0 waiting");
        Path done = dir.resolve("data/outbox/portal/done");
        assertThat(Files.readString(done.resolve("000000000004.xml"))).contains("operation=\"Upd\"")
                .contains(pub.uri("/portal/act/2").toString());
        assertThat(Files.readString(done.resolve("000000000005.xml"))).contains("operation=\"Del\"")
                .contains(pub.uri("/portal/act/3").toString());
        assertThat(serverStore.store().resource(SOURCE, pub.uri("/portal/act/3").toString()))
                .hasValueSatisfying(r -> assertThat(r.active()).isFalse());
        assertThat(documents(serverStore)).isEqualTo(crawlerDocuments());
    }

    @Test
    void anAttachmentTakenOffAPageLeavesItsGroupOnTheServerToo() throws Exception {
        LegalPortal portal = LegalPortal.install(pub, 2, 0, 10);
        startServer(0);
        assertThat(crawl(server.uri().toString()).code()).isZero();
        portal.removeAttachment(1, "text.pdf");

        CliRun run = crawl(server.uri().toString());

        assertThat(run.code()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("upload: 1 group added").contains("1 acknowledged");
        assertThat(serverStore.store().resource(SOURCE, pub.uri("/portal/files/1/text.pdf").toString()))
                .hasValueSatisfying(r -> assertThat(r.active()).isFalse());
        assertThat(documents(serverStore)).isEqualTo(crawlerDocuments());
    }

    @Test
    void groupsWaitInTheOutboxWhileTheServerIsDownAndGoAtTheNextStart() throws Exception {
        LegalPortal portal = LegalPortal.install(pub, 2, 0, 10);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort(); // nobody listens there once it is closed
        }
        String url = "http://127.0.0.1:" + port + "/";

        CliRun down = crawl(url);

        assertThat(down.code()).isEqualTo(Main.EXIT_FAILURES); // the crawl itself succeeded; exit 1 for the outbox
        assertThat(down.out()).contains("created 8").contains("upload: 2 groups added")
                .contains("0 acknowledged, 0 refused, 2 waiting in the outbox").contains("not delivered");
        startServer(port);
        portal.update(1);

        CliRun up = crawl(url); // the next start sends the two waiting groups first, then the new Upd

        assertThat(up.code()).as(up.out() + up.err()).isZero();
        assertThat(up.out()).contains("upload: 1 group added").contains("3 acknowledged, 0 refused, 0 waiting");
        assertThat(documents(serverStore)).isEqualTo(crawlerDocuments());
    }

    @Test
    void groupsLeftInTheOutboxCanBeSentWithLexsyncIngest() throws Exception {
        LegalPortal.install(pub, 2, 0, 10);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/";
        assertThat(crawl(url).code()).isEqualTo(Main.EXIT_FAILURES);
        startServer(port);

        CliRun ingest = CliRun.of("ingest", dir.resolve("data/outbox/portal").toString(), "--to", url, "--token",
                SECRET);

        assertThat(ingest.code()).as(ingest.out() + ingest.err()).isZero();
        assertThat(ingest.out()).contains("2 acknowledged, 0 refused, 0 pending");
        assertThat(documents(serverStore)).isEqualTo(crawlerDocuments());
    }

    @Test
    void uploadWithoutATokenIsAUsageError() throws Exception {
        CliRun run = CliRun.of("crawl", SOURCE, "--config", config().toString(), "--store",
                dir.resolve("data").toString(), "--upload", "http://127.0.0.1:1/");

        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(run.err()).contains("--upload needs --token");
    }
}
