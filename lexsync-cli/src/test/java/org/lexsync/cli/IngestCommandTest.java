package org.lexsync.cli;

import org.lexsync.engine.Outboxes;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.fixture.documentgroup.GroupFixture;
import org.lexsync.server.LexSyncServer;

/**
 * {@code lexsync ingest} against a real {@code lexsync serve} on loopback (issue 18): one packaged group, and an outbox
 * whose groups wait while the server is down and are sent at the next start (EUCases D2.1 §1.3.2).
 */
class IngestCommandTest {
    static final String SECRET = "crawler-secret-1";

    @TempDir
    Path dir;
    LexSync lexsync;
    LexSyncServer server;

    @BeforeEach
    void open() {
        lexsync = LexSync.builder(dir.resolve("data")).build();
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
        lexsync.close();
    }

    void startServer(int port) {
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(port).withTokens(List.of(
                AccessToken.ofSecret(GroupFixture.CRAWLER, SECRET, Set.of(AccessToken.Role.INGEST))))).feature(org.lexsync.server.ingest.IngestRoutes::new).build().start();
    }

    @Test
    void aPackagedGroupIsUploadedAndAcknowledged() throws Exception {
        startServer(0);
        Path zip = GroupFixture.decision().writePackage(dir);

        CliRun run = CliRun.of("ingest", zip.toString(), "--to", server.uri().toString(), "--token", SECRET);

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains(": Ok");
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isEqualTo(2);
    }

    @Test
    void anOutboxKeepsItsGroupsWhileTheServerIsDownAndSendsThemAtTheNextStart() throws Exception {
        Path outbox = dir.resolve("outbox");
        GroupFixture add = GroupFixture.decision();
        Outboxes.add(outbox, add.writeMetaInfo(dir), add.writeZip(dir));
        GroupFixture upd = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).op("Upd")
                .doc(GroupFixture.html().withBytes("<html>corrected</html>").withOp("Upd"));
        Outboxes.add(outbox, upd.writeMetaInfo(dir), upd.writeZip(dir));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort(); // nobody listens there once it is closed
        }

        CliRun down = CliRun.of("ingest", outbox.toString(), "--to", "http://127.0.0.1:" + port + "/", "--token",
                SECRET);

        assertThat(down.code()).isEqualTo(Main.EXIT_UNREADABLE);
        assertThat(down.out()).contains("not delivered").contains("0 acknowledged, 0 refused, 2 pending");
        startServer(port);

        CliRun up = CliRun.of("ingest", outbox.toString(), "--to", "http://127.0.0.1:" + port + "/", "--token",
                SECRET);

        assertThat(up.code()).as(up.out() + up.err()).isZero();
        assertThat(up.out()).contains("2 acknowledged, 0 refused, 0 pending");
        assertThat(Files.list(outbox.resolve("done")).filter(p -> p.toString().endsWith(".xml"))).hasSize(2);
        assertThat(lexsync.store().resource(GroupFixture.CRAWLER, GroupFixture.seal().url()))
                .hasValueSatisfying(r -> assertThat(r.active()).isFalse()); // the Upd came after the Add
        CliRun again = CliRun.of("ingest", outbox.toString(), "--to", "http://127.0.0.1:" + port + "/", "--token",
                SECRET);
        assertThat(again.out()).contains("0 acknowledged, 0 refused, 0 pending");
    }

    @Test
    void aRefusedGroupIsSetAsideWithTheServersAnswerAndExits1() throws Exception {
        startServer(0);
        Path outbox = dir.resolve("outbox");
        GroupFixture upd = GroupFixture.decision().op("Upd");
        String name = Outboxes.add(outbox, upd.writeMetaInfo(dir), upd.writeZip(dir));

        CliRun run = CliRun.of("ingest", outbox.toString(), "--to", server.uri().toString(), "--token", SECRET);

        assertThat(run.code()).isEqualTo(Main.EXIT_FAILURES);
        assertThat(run.out()).contains("refused (HTTP 409): Error: UnknownGroup");
        assertThat(Files.readString(outbox.resolve("refused").resolve(name + ".answer.txt")))
                .contains("UnknownGroup");
    }

    @Test
    void aUrlThatIsNotHttpIsAUsageError() {
        CliRun run = CliRun.of("ingest", dir.toString(), "--to", "ftp://x/", "--token", SECRET);
        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
    }
}
