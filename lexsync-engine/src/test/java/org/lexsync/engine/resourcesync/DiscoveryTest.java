package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** Discovery of Capability Lists (ResourceSync §6.2 navigation, §6.3 discovery) against the fixture Source. */
class DiscoveryTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;
    RsHarness h;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(4).start();
        source = ResourceSyncSource.install(pub);
        h = new RsHarness(pub, dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        h.close();
        source.close();
        pub.close();
    }

    List<CapabilitySet> discover(URI start) {
        return new Discovery(new SourceDocuments(h.fetcher, HarvestListener.NONE, null, XmlLimits.DEFAULT,
                new Findings())).discover(start);
    }

    @Test
    void aBaseUrlFindsTheWellKnownSourceDescription_6_3_2() {
        List<CapabilitySet> sets = discover(pub.baseUri());

        assertThat(sets).hasSize(1);
        assertThat(sets.get(0).uri()).isEqualTo(source.capabilityListUri());
        assertThat(sets.get(0).get(Capability.RESOURCELIST)).isEqualTo(source.resourceListUri());
        assertThat(sets.get(0).get(Capability.CHANGEDUMP)).isEqualTo(source.changeDumpUri());
    }

    @Test
    void anHtmlPageLinksToItsCapabilityList_6_3_3() {
        pub.removeRoute("/.well-known/resourcesync");

        List<CapabilitySet> sets = discover(source.aboutPageUri());

        assertThat(sets).extracting(CapabilitySet::uri).containsExactly(source.capabilityListUri());
    }

    @Test
    void everyResourcesyncLinkHeaderIsFollowed_6_3_3() {
        pub.removeRoute("/.well-known/resourcesync");
        pub.route("/other/", (req, p) -> FixtureResponse.ok("text/plain", "x")
                .withHeader("Link", "<" + source.capabilityListUri() + ">; rel=\"describedby\", <"
                        + source.capabilityListUri() + ">; rel=\"alternate resourcesync\""));

        List<CapabilitySet> sets = discover(pub.uri("/other/page"));

        assertThat(sets).extracting(CapabilitySet::uri).containsExactly(source.capabilityListUri());
    }

    @Test
    void robotsTxtSitemapLinesLeadUpToTheCapabilityList_6_3_4() {
        pub.removeRoute("/.well-known/resourcesync");
        source.advertiseInRobotsTxt();

        List<CapabilitySet> sets = discover(pub.baseUri());

        assertThat(sets).extracting(CapabilitySet::uri).containsExactly(source.capabilityListUri());
    }

    @Test
    void anyCapabilityDocumentClimbsItsUpLinks_6_2() {
        assertThat(discover(source.changeListUri())).extracting(CapabilitySet::uri)
                .containsExactly(source.capabilityListUri());
        assertThat(discover(source.sourceDescriptionUri())).extracting(CapabilitySet::uri)
                .containsExactly(source.capabilityListUri());
    }

    @Test
    void aSiteRootAnswering403StillFindsTheWellKnownSourceDescription_6_3_2() {
        pub.faults().always("/", org.lexsync.fixture.Fault.status(403));

        assertThat(discover(pub.baseUri().resolve("/"))).extracting(CapabilitySet::uri)
                .containsExactly(source.capabilityListUri());
    }

    @Test
    void aSiteWithoutResourceSyncIsUnreadableAndSaysWhatWasTried() {
        pub.removeRoute("/.well-known/resourcesync");

        assertThatThrownBy(() -> discover(pub.uri("/nothing-here")))
                .isInstanceOf(SourceUnreadableException.class)
                .hasMessageContaining("/.well-known/resourcesync").hasMessageContaining("404");
    }
}
