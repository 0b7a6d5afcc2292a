package org.lexsync.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.UploadOutcome;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/** One packaged group sent to a server: the outbox's rule tells a refusal from an answer worth trying again. */
class UploadsTest {
    @TempDir
    Path dir;

    private UploadOutcome.Status answerTo(int status) throws Exception {
        Path zip = Files.write(dir.resolve("group.zip"), new byte[] {'P', 'K', 5, 6});
        try (FixturePublisher server = FixturePublisher.builder().resources(0).start()) {
            server.route("/api/document-groups", (request, pub) -> FixtureResponse.status(status));
            return Uploads.sendPackage(zip, server.uri("/api/document-groups"), "token", Duration.ofSeconds(10)).status();
        }
    }

    @Test
    void tooManyRequestsIsNotARefusal() throws Exception {
        assertThat(answerTo(429)).isEqualTo(UploadOutcome.Status.NOT_DELIVERED);
    }

    @Test
    void aRequestTimeoutIsNotARefusal() throws Exception {
        assertThat(answerTo(408)).isEqualTo(UploadOutcome.Status.NOT_DELIVERED);
    }

    @Test
    void aBadGroupIsRefused() throws Exception {
        assertThat(answerTo(400)).isEqualTo(UploadOutcome.Status.REFUSED);
    }
}
