package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.server.TestServer;

/** With {@code server.open-reads: false} every API read needs a valid token; health checks stay open. */
class ClosedReadsTest {
    @TempDir
    Path dir;
    TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "sources:\n" + TestServer.SERVER_SECTION + "  open-reads: false\n");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void readingWithoutATokenIs401() {
        assertThat(server.get("/api/sources").statusCode()).isEqualTo(401);
        assertThat(server.get("/api/sources").headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
        assertThat(server.get("/api/changes", "wrong").statusCode()).isEqualTo(401);
    }

    @Test
    void anyValidTokenMayRead() {
        assertThat(server.get("/api/sources", TestServer.INGEST).statusCode()).isEqualTo(200);
        assertThat(server.get("/api/runs", TestServer.ADMIN).statusCode()).isEqualTo(200);
    }

    @Test
    void healthChecksNeedNoToken() {
        assertThat(server.get("/healthz").statusCode()).isEqualTo(200);
        assertThat(server.get("/readyz").statusCode()).isEqualTo(200);
    }
}
