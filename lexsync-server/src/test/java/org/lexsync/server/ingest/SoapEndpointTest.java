package org.lexsync.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.IngestSettings;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.fixture.documentgroup.GroupFixture;
import org.lexsync.server.LexSyncServer;

/**
 * The seed's SOAP {@code UploadFile} (EUCases D2.1 §3.2) called exactly as a WCF basicHttpBinding client sends it:
 * SOAP 1.1, {@code text/xml; charset=utf-8}, the quoted {@code SOAPAction}, the operation in {@code http://tempuri.org/}
 * and the {@code UploadDocumentGroup} data contract's members {@code Data} (base64) and {@code MetaInfo} (the XML as
 * an escaped string) in the data-contract namespace, in the serializer's alphabetical order.
 */
class SoapEndpointTest {
    @TempDir
    Path dir;
    LexSync lexsync;
    LexSyncServer server;
    final HttpClient http = HttpClient.newHttpClient();

    void start(IngestSettings ingest) {
        lexsync = LexSync.builder(dir.resolve("data")).build();
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0).withIngest(ingest))
                .feature(org.lexsync.server.ingest.IngestRoutes::new).build().start();
    }

    void startAllowing(String crawler, String address) {
        start(IngestSettings.DEFAULTS.withSoap(List.of(new IngestSettings.SoapClient(crawler, List.of(address)))));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        if (lexsync != null) {
            lexsync.close();
        }
    }

    static String envelope(String metaInfo, byte[] zip) {
        String escaped = metaInfo.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        return "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body>"
                + "<UploadFile xmlns=\"http://tempuri.org/\">"
                + "<document xmlns:a=\"http://schemas.datacontract.org/2004/07/ServiceEUCases\""
                + " xmlns:i=\"http://www.w3.org/2001/XMLSchema-instance\">"
                + "<a:Data>" + Base64.getEncoder().encodeToString(zip) + "</a:Data>"
                + "<a:MetaInfo>" + escaped + "</a:MetaInfo>"
                + "</document></UploadFile></s:Body></s:Envelope>";
    }

    HttpResponse<String> call(String envelope, String action) throws Exception {
        return http.send(HttpRequest.newBuilder(server.uri().resolve("/ServiceEUCases.svc"))
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", action)
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> call(GroupFixture g) throws Exception {
        return call(envelope(g.metaInfo(), Files.readAllBytes(g.writeZip(dir))),
                "\"http://tempuri.org/IServiceEUCases/UploadFile\"");
    }

    @Test
    void aWcfClientsUploadFileIsStoredAndAnsweredOk() throws Exception {
        startAllowing(GroupFixture.CRAWLER, "127.0.0.1");

        HttpResponse<String> r = call(GroupFixture.decision());

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("text/xml"));
        assertThat(r.body()).contains("<UploadFileResponse xmlns=\"http://tempuri.org/\">")
                .contains("<UploadFileResult>Ok</UploadFileResult>");
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isEqualTo(2);
        assertThat(lexsync.ingestion().ingestLog(null, null, 1)).singleElement()
                .satisfies(e -> assertThat(e.remote()).isEqualTo("127.0.0.1"));
    }

    @Test
    void aRefusedGroupIsAnsweredWithTheServicesErrorString() throws Exception {
        startAllowing(GroupFixture.CRAWLER, "127.0.0.1");

        HttpResponse<String> r = call(GroupFixture.decision().op("Upd"));

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("<UploadFileResult>Error: UnknownGroup: No document identifier: "
                + GroupFixture.GROUP + ". You can&apos;t use Operation: Upd</UploadFileResult>".replace("&apos;", "'"));
    }

    @Test
    void aCrawlerNotNamedForSoapIsRefused() throws Exception {
        startAllowing("SomeOtherCrawler", "127.0.0.1");

        HttpResponse<String> r = call(GroupFixture.decision());

        assertThat(r.body()).contains("Error: WrongCrawler");
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isZero();
    }

    @Test
    void aClientAddressNotListedGetsAFault() throws Exception {
        startAllowing(GroupFixture.CRAWLER, "10.9.8.7");

        HttpResponse<String> r = call(GroupFixture.decision());

        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("faultstring").contains("127.0.0.1");
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isZero();
    }

    @Test
    void addressesAreComparedAsAddressesNeverLookedUp() {
        assertThat(SoapEndpoint.listed(List.of("::1"), "0:0:0:0:0:0:0:1")).isTrue();
        assertThat(SoapEndpoint.listed(List.of("[::1]"), "0:0:0:0:0:0:0:1")).isTrue();
        assertThat(SoapEndpoint.listed(List.of("127.0.0.1"), "127.0.0.2")).isFalse();
        assertThat(SoapEndpoint.listed(List.of("localhost"), "127.0.0.1")).isFalse();
    }

    @Test
    void anotherSoapActionGetsAFault() throws Exception {
        startAllowing(GroupFixture.CRAWLER, "127.0.0.1");

        HttpResponse<String> r = call(envelope(GroupFixture.decision().metaInfo(), new byte[0]),
                "\"http://tempuri.org/IServiceEUCases/Other\"");

        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(r.body()).contains("Fault").contains("SOAPAction");
    }

    @Test
    void withoutSoapCrawlersTheEndpointIsOff() throws Exception {
        start(IngestSettings.DEFAULTS);

        HttpResponse<String> r = call(GroupFixture.decision());

        assertThat(r.statusCode()).isEqualTo(404);
    }
}
