package org.lexsync.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.IngestSettings;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.fixture.documentgroup.GroupFixture;
import org.lexsync.server.LexSyncServer;

/**
 * {@code POST /api/document-groups} and {@code GET /api/ingest-log} over real HTTP on loopback (issue 18, EUCases
 * D2.1 §3.2): a group modelled on the §3.2 example, UTF-16 with a BOM, every error class, re-sends, Upd and Del,
 * concurrent uploads, the size cap and an upload cut short.
 */
class IngestRoutesTest {
    static final String SECRET = "crawler-secret-1";
    static final String OTHER_SECRET = "other-secret-1";
    static final String ADMIN_SECRET = "admin-secret-1";

    @TempDir
    Path dir;
    LexSync lexsync;
    LexSyncServer server;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        lexsync = LexSync.builder(dir.resolve("data")).build();
        server = start(IngestSettings.DEFAULTS);
    }

    LexSyncServer start(IngestSettings ingest) {
        return LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0).withTokens(List.of(
                AccessToken.ofSecret(GroupFixture.CRAWLER, SECRET, Set.of(AccessToken.Role.INGEST)),
                AccessToken.ofSecret("OtherCrawler", OTHER_SECRET, Set.of(AccessToken.Role.INGEST)),
                AccessToken.ofSecret("ops", ADMIN_SECRET, Set.of(AccessToken.Role.ADMIN)))).withIngest(ingest))
                .feature(org.lexsync.server.ingest.IngestRoutes::new).build().start();
    }

    @AfterEach
    void stop() {
        server.close();
        lexsync.close();
    }

    HttpRequest.Builder post(String secret) {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve("/api/document-groups"));
        return secret == null ? b : b.header("Authorization", "Bearer " + secret);
    }

    HttpResponse<String> upload(GroupFixture g, String secret, String accept) throws Exception {
        HttpRequest.Builder b = post(secret).header("Content-Type", Multipart.contentType())
                .POST(Multipart.publisher(g.writeMetaInfo(dir), g.operation().equals("Del") ? null : g.writeZip(dir)));
        if (accept != null) {
            b.header("Accept", accept);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> upload(GroupFixture g) throws Exception {
        return upload(g, SECRET, null);
    }

    HttpResponse<String> uploadParts(Path metaInfo, Path zip) throws Exception {
        return http.send(post(SECRET).header("Content-Type", Multipart.contentType())
                .POST(Multipart.publisher(metaInfo, zip)).build(), HttpResponse.BodyHandlers.ofString());
    }

    List<JournalEntry> journal() {
        List<JournalEntry> out = new ArrayList<>();
        lexsync.store().journal(0, null, 100_000, out::add);
        return out;
    }

    @Test
    void aValidGroupIsStoredAndAnsweredAsJson() throws Exception {
        HttpResponse<String> r = upload(GroupFixture.decision());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"accepted\"").contains("\"created\":2")
                .contains(GroupFixture.GROUP);
        assertThat(journal()).hasSize(2);
    }

    @Test
    void textPlainGetsTheServicesLiteralOk() throws Exception {
        HttpResponse<String> r = upload(GroupFixture.decision(), SECRET, "text/plain");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("Ok");
    }

    @Test
    void aMetaInfoInUtf16WithByteOrderMarkIsAccepted() throws Exception {
        GroupFixture g = GroupFixture.decision();

        HttpResponse<String> r = uploadParts(g.writeMetaInfo(dir, StandardCharsets.UTF_16), g.writeZip(dir));

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }

    @Test
    void oneZipBodyHoldingMetainfoXmlIsAccepted() throws Exception {
        HttpResponse<String> r = http.send(post(SECRET).header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofFile(GroupFixture.decision().writePackage(dir))).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(journal()).hasSize(2);
    }

    @Test
    void anIdenticalReSendIsAnswered200UnchangedAndAddsNothing() throws Exception {
        upload(GroupFixture.decision());

        HttpResponse<String> r = upload(GroupFixture.decision());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"unchanged\"");
        assertThat(journal()).hasSize(2);
    }

    @Test
    void anUpdReplacesTheGroupAndADelDeletesIt() throws Exception {
        upload(GroupFixture.decision());
        GroupFixture upd = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).op("Upd")
                .doc(GroupFixture.html().withBytes("<html>corrected</html>").withOp("Upd"));

        HttpResponse<String> u = upload(upd);
        HttpResponse<String> d = upload(GroupFixture.decision().op("Del"));

        assertThat(u.body()).contains("\"updated\":1").contains("\"deleted\":1");
        assertThat(d.body()).contains("\"deleted\":1");
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isZero();
    }

    @Test
    void aRefusalIsJsonWithClassMessageLineAndColumn() throws Exception {
        GroupFixture g = GroupFixture.decision();
        Path meta = Files.writeString(dir.resolve("bad.xml"), g.metaInfo().replace(" md5=\""
                + GroupFixture.seal().md5() + "\"", ""));

        HttpResponse<String> r = uploadParts(meta, g.writeZip(dir));

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("\"class\":\"MissingAttribute\"").contains("\"line\":8")
                .contains("\"column\":").contains("md5");
        assertThat(journal()).isEmpty();
    }

    @Test
    void textPlainRefusalsAreTheServicesErrorLine() throws Exception {
        HttpResponse<String> r = upload(GroupFixture.decision().op("Upd"), SECRET, "text/plain");

        assertThat(r.statusCode()).isEqualTo(409);
        assertThat(r.body()).isEqualTo("Error: UnknownGroup: No document identifier: " + GroupFixture.GROUP
                + ". You can't use Operation: Upd");
    }

    @Test
    void everyErrorClassHasItsStatus() throws Exception {
        GroupFixture g = GroupFixture.decision();
        assertThat(status(uploadParts(Files.writeString(dir.resolve("m.xml"), "<documentgroup"), g.writeZip(dir))))
                .isEqualTo("400 MalformedXml");
        assertThat(status(uploadParts(g.writeMetaInfo(dir), null))).isEqualTo("400 EmptyZip");
        assertThat(status(upload(GroupFixture.decision().op("None")))).isEqualTo("400 OperationNone");
        assertThat(status(uploadParts(g.writeMetaInfo(dir), GroupFixture.zipWithEntry(dir, GroupFixture.html().file(),
                GroupFixture.html().bytes())))).isEqualTo("400 FileMissing");
        GroupFixture one = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).doc(GroupFixture.html());
        assertThat(status(uploadParts(one.writeMetaInfo(dir), GroupFixture.zipWithEntry(dir,
                GroupFixture.html().file(), new byte[]{1, 2, 3})))).isEqualTo("400 Md5Mismatch");
        assertThat(status(uploadParts(one.writeMetaInfo(dir), GroupFixture.zipWithEntries(dir, java.util.Map.of(
                GroupFixture.html().file(), GroupFixture.html().bytes(), "../escape.html", new byte[]{1})))))
                .isEqualTo("400 UnsafeZip");
        assertThat(status(upload(GroupFixture.decision(), OTHER_SECRET, null))).isEqualTo("403 WrongCrawler");
        assertThat(status(upload(GroupFixture.decision().op("Del")))).isEqualTo("409 UnknownGroup");
        upload(GroupFixture.decision());
        assertThat(status(upload(GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP)
                .doc(GroupFixture.html().withBytes("x"))))).isEqualTo("409 GroupExists");
        assertThat(journal()).hasSize(2);
    }

    @Test
    void theMetaInfoClassesHaveTheirStatusToo() throws Exception {
        GroupFixture g = GroupFixture.decision();
        Path zip = g.writeZip(dir);
        assertThat(status(uploadParts(Files.writeString(dir.resolve("s.xml"), g.metaInfo().replace("</documentgroup>",
                "<annex/></documentgroup>")), zip))).isEqualTo("400 SchemaViolation");
        assertThat(status(uploadParts(Files.writeString(dir.resolve("g.xml"), g.metaInfo().replace(
                GroupFixture.html().id(), "not-a-guid")), zip))).isEqualTo("400 InvalidGuid");
        assertThat(status(uploadParts(Files.writeString(dir.resolve("f.xml"), g.metaInfo().replace(
                "format=\"text/html\"", "format=\"application/msword\"")), zip))).isEqualTo("400 UnknownFormat");
        assertThat(status(uploadParts(Files.writeString(dir.resolve("u.xml"), g.metaInfo().replace(
                "url=\"http://www.bverwg.de/images/seal.gif\"", "url=\"seal.gif\"")), zip))).isEqualTo("400 InvalidValue");
        assertThat(status(http.send(post(SECRET).header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofFile(zip)).build(), HttpResponse.BodyHandlers.ofString())))
                .isEqualTo("400 NoMetaInfo");
        assertThat(status(http.send(post(SECRET).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString())))
                .isEqualTo("415 BadRequest");
        assertThat(journal()).isEmpty();
    }

    private static String status(HttpResponse<String> r) {
        String body = r.body();
        int at = body.indexOf("\"class\":\"");
        String cls = at < 0 ? body : body.substring(at + 9, body.indexOf('"', at + 9));
        return r.statusCode() + " " + cls;
    }

    @Test
    void withoutATokenTheAnswerIs401AndWithoutTheIngestRole403() throws Exception {
        assertThat(upload(GroupFixture.decision(), null, null).statusCode()).isEqualTo(401);
        assertThat(upload(GroupFixture.decision(), ADMIN_SECRET, null).statusCode()).isEqualTo(403);
        HttpResponse<String> text = upload(GroupFixture.decision(), "wrong-secret-x", "text/plain");
        assertThat(text.statusCode()).isEqualTo(401);
        assertThat(text.body()).startsWith("Error: ");
        assertThat(journal()).isEmpty();
    }

    @Test
    void aBodyOverTheCapIsRefused413AndStoresNothing() throws Exception {
        server.close();
        server = start(IngestSettings.DEFAULTS.withMaxUploadBytes(4096));
        GroupFixture g = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).doc(new GroupFixture.Doc(
                "big.html", "6c8f4b21-2222-4333-9444-a55566667777", "Add", "http://x.example/big",
                random(20_000), "text/html"));

        HttpResponse<String> r = upload(g);

        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(r.body()).contains("TooLarge");
        assertThat(journal()).isEmpty();
        assertThat(lexsync.ingestion().ingestLog(null, null, 5)).singleElement()
                .satisfies(e -> assertThat(e.errorClass()).isEqualTo("TooLarge"));
    }

    static byte[] random(int n) {
        byte[] b = new byte[n];
        new java.util.Random(n).nextBytes(b); // incompressible: the ZIP is as large as its file
        return b;
    }

    @Test
    void concurrentUploadsOfDifferentGroupsAreAllStored() throws Exception {
        int groups = 24;
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < groups; i++) {
                GroupFixture g = numbered(i);
                answers.add(pool.submit(() -> upload(g)));
            }
            for (Future<HttpResponse<String>> a : answers) {
                assertThat(a.get().statusCode()).as(a.get().body()).isEqualTo(200);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(journal()).hasSize(groups * 2);
        assertThat(lexsync.store().runs(GroupFixture.CRAWLER, 100)).isNotEmpty(); // consecutive groups share a run
    }

    static GroupFixture numbered(int i) {
        String group = String.format(Locale.ROOT, "%08x-0000-4000-8000-%012x", i, i);
        GroupFixture g = GroupFixture.empty(GroupFixture.CRAWLER, group);
        for (int d = 0; d < 2; d++) {
            g.doc(new GroupFixture.Doc("doc" + d + ".html", String.format(Locale.ROOT, "%08x-%04x-4000-9000-%012x", i,
                    d, i), "Add", "http://x.example/" + i + "/" + d, ("<html>" + i + "/" + d + "</html>")
                    .getBytes(StandardCharsets.UTF_8), "text/html"));
        }
        return g;
    }

    @Test
    void anUploadCutShortMidBodyStoresNothing() throws Exception {
        GroupFixture g = GroupFixture.decision();
        byte[] body = Multipart.body(g.writeMetaInfo(dir), g.writeZip(dir));
        URI uri = server.uri();
        try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST /api/document-groups HTTP/1.1\r\nHost: " + uri.getHost() + "\r\nAuthorization: Bearer "
                    + SECRET + "\r\nContent-Type: " + Multipart.contentType() + "\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, 0, body.length - 40); // the closing delimiter never comes
            out.flush();
            s.shutdownOutput();
            InputStream in = s.getInputStream();
            in.readAllBytes(); // whatever the server says before it closes
        }

        assertThat(journal()).isEmpty();
        assertThat(lexsync.store().storedSource(GroupFixture.CRAWLER)).isEmpty();
        assertThat(upload(GroupFixture.decision()).statusCode()).isEqualTo(200); // and the server goes on
    }

    @Test
    void theIngestLogListsEveryCallNewestFirst() throws Exception {
        upload(GroupFixture.decision());
        upload(GroupFixture.decision().op("None"));

        HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.uri().resolve(
                "/api/ingest-log?crawler=" + GroupFixture.CRAWLER + "&limit=10")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"entries\"").contains("\"outcome\":\"rejected\"")
                .contains("\"errorClass\":\"OperationNone\"").contains("\"outcome\":\"accepted\"");
        assertThat(r.body().indexOf("rejected")).isLessThan(r.body().indexOf("accepted"));
    }
}
