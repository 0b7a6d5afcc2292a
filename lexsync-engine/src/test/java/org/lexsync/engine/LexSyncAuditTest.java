package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** {@link LexSync#audit} through the harvester SPI (ResourceSync §5.2 Audit), and {@link Downloads#download}. */
class LexSyncAuditTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource rs;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(8).seed(5).start();
        rs = ResourceSyncSource.install(pub);
    }

    @AfterEach
    void stop() {
        rs.close();
        pub.close();
    }

    private LexSync.Builder builder() {
        return LexSync.builder(dir).politeness(new Politeness(4, Duration.ZERO));
    }

    @Test
    void aHarvestedResourceSyncSourceAuditsInSync() {
        Source acts = Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build();
        try (LexSync lexsync = builder().build()) {
            lexsync.register(acts);
            lexsync.harvest("acts");
        }

        AuditReport report;
        try (LexSync lexsync = builder().readOnly(true).build()) {
            lexsync.register(acts);
            report = lexsync.audit("acts", HarvestListener.NONE);
        }

        assertThat(report.isInSync()).isTrue();
        assertThat(report.inSync()).isEqualTo(8);
    }

    @Test
    void aProtocolWithoutAuditIsRefusedByName() {
        try (LexSync lexsync = builder().build()) {
            lexsync.register(Source.builder("feed", AtomOptions.DEFAULT).url(pub.baseUri()).build());

            assertThatThrownBy(() -> lexsync.audit("feed", HarvestListener.NONE))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("atom");
        }
    }

    @Test
    void downloadFailsAsUnreadableWhenTheDocumentIsMissing() {
        URI missing = pub.baseUri().resolve("/no-such-document.xml");

        assertThatThrownBy(() -> Downloads.download(missing, dir, "test"))
                .isInstanceOf(SourceUnreadableException.class);
    }
}
