package org.lexsync.engine.resourcesync;

import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.AuditReport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** The ResourceSync audit (§5.2 Audit) of a real store against the fixture Source. */
class ResourceSyncAuditTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;
    RsHarness h;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(20).seed(3).start();
        source = ResourceSyncSource.install(pub);
        h = new RsHarness(pub, dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        h.close();
        source.close();
        pub.close();
    }

    AuditReport audit() {
        return new ResourceSyncAudit(h.fetcher, HarvestStore.over(h.store)).audit(RsHarness.SOURCE, pub.baseUri(), null, null,
                HarvestListener.NONE);
    }

    @Test
    void aCopyKeptByBaselineAndIncrementalSyncIsInSync() {
        h.sync(Map.of());
        pub.applyChanges(3, 2, 2);
        h.sync(Map.of());

        AuditReport report = audit();

        assertThat(report.isInSync()).isTrue();
        assertThat(report.inSync()).isEqualTo(pub.activeResources().size());
        assertThat(report.at()).isNotNull();
    }

    @Test
    void missingExtraAndMismatchedResourcesAreCountedAndListed() {
        h.sync(Map.of());
        FixtureResource updated = pub.activeResources().get(1);
        FixtureResource deleted = pub.activeResources().get(2);
        List<FixtureChange> made = pub.applyChanges(ChangeScript.builder().create(2).update(updated.path())
                .delete(deleted.path()).build());

        AuditReport report = audit();

        assertThat(report.isInSync()).isFalse();
        assertThat(report.missing()).isEqualTo(2);
        assertThat(report.missingUris()).containsExactlyInAnyOrder(made.get(0).uri().toString(),
                made.get(1).uri().toString());
        assertThat(report.extra()).isEqualTo(1);
        assertThat(report.extraUris()).containsExactly(deleted.uri().toString());
        assertThat(report.mismatched()).isEqualTo(1);
        assertThat(report.mismatches().get(0).uri()).isEqualTo(updated.uri().toString());
        assertThat(report.mismatches().get(0).what()).isEqualTo("hash");
        assertThat(report.inSync()).isEqualTo(18);
    }

    @Test
    void anEmptyStoreMissesEverything() {
        AuditReport report = audit();

        assertThat(report.missing()).isEqualTo(20);
        assertThat(report.inSync()).isZero();
    }

    @Test
    void aSourceWithoutResourceSyncIsUnreadable() {
        FixturePublisher plain = FixturePublisher.builder().resources(1).start();
        try (plain) {
            assertThatThrownBy(() -> new ResourceSyncAudit(h.fetcher, HarvestStore.over(h.store)).audit(RsHarness.SOURCE,
                    plain.baseUri(), null, null, HarvestListener.NONE))
                    .isInstanceOf(SourceUnreadableException.class).hasMessageContaining("§6.3");
        }
    }
}
