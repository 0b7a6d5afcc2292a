package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.core.atom.AtomSchema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.eli.EliProvider;

/**
 * The ELI sources of the aggregate as an ELI Pillar IV provider (ELI Pillar IV §3.2, §3.3): a Sitemap (an index past
 * the list size) with {@code dct:relation} to the update feed, the feed with the configured id, and LexSync's own ELI
 * consumer reading both back against the fixture's ELI pages.
 */
class EliPublicationTest {
    @TempDir
    Path dir;

    FixturePublisher origin;
    EliProvider provider;
    FixturePublisher mirror;
    LexSync aggregate;
    Path out;
    Publication publication;

    @BeforeEach
    void collect() {
        origin = FixturePublisher.builder().resources(0).start();
        provider = EliProvider.builder().acts(12).perSitemap(5).build().register(origin);
        aggregate = TestStores.open(dir.resolve("a"));
        aggregate.register(Source.builder("eli-xy", EliOptions.DEFAULT).url(provider.sitemapUrl())
                .url(provider.feedUrl()).delay(Duration.ZERO).build());
        aggregate.harvest("eli-xy");
        out = dir.resolve("export");
        mirror = ExportRoute.mirror(out);
        publication = aggregate.publication(PublishSettings.builder(mirror.baseUri()).listSize(5)
                .eliFeedId("urn:mirror-example:eli:eli-update-feed").build());
    }

    @AfterEach
    void stop() {
        aggregate.close();
        mirror.close();
        origin.close();
    }

    @Test
    void theSitemapIsAnIndexPastTheListSizeAndEachPartNamesTheFeed() throws IOException {   // §3.2.2
        publication.export(out);
        assertThat(Files.readString(out.resolve("eli/sitemap.xml"))).contains("<sitemapindex")
                .contains("eli/sitemap3.xml");
        String first = Files.readString(out.resolve("eli/sitemap1.xml"));
        assertThat(first).contains("dct:relation=\"" + mirror.baseUri() + "eli/eli-update-feed.atom\"")
                .contains("<loc>" + provider.eli(1) + "</loc>").contains("<lastmod>");
        for (String p : new String[] {"eli/sitemap.xml", "eli/sitemap1.xml", "eli/sitemap2.xml", "eli/sitemap3.xml"}) {
            SitemapSchema.validate(out.resolve(p));
        }
    }

    @Test
    void theUpdateFeedHasTheConfiguredIdAndOneEntryPerChangedEli() throws IOException {   // §3.3.2
        publication.export(out);
        Path feed = out.resolve("eli/eli-update-feed.atom");
        AtomSchema.validate(feed);
        try (AtomReader r = AtomReader.open(Files.newInputStream(feed), feed.toString())) {
            Findings found = AtomValidator.validate(r, AtomValidator.Profile.ELI_UPDATE_FEED);
            assertThat(found.hasErrors()).as(found.toString()).isFalse();
        }
        String text = Files.readString(feed);
        assertThat(text).contains("<id>urn:mirror-example:eli:eli-update-feed</id>")
                .contains("<id>" + provider.eli(12) + "</id>").contains("href=\"" + provider.eli(12) + "\"");
    }

    @Test
    void ourEliConsumerReadsTheSitemapAndFeedBack() {   // §4.1, against the fixture's ELI pages
        publication.export(out);
        try (LexSync downstream = TestStores.open(dir.resolve("b"))) {
            downstream.register(Source.builder("again", EliOptions.DEFAULT)
                    .url(mirror.uri("/eli/sitemap.xml")).url(mirror.uri("/eli/eli-update-feed.atom"))
                    .delay(Duration.ZERO).build());
            downstream.harvest("again");
            assertThat(pages(downstream, "again")).isEqualTo(pages(aggregate, "eli-xy")).hasSize(12);

            provider.update(3);
            aggregate.harvest("eli-xy");
            publication.export(out);
            downstream.harvest("again");
            assertThat(pages(downstream, "again")).isEqualTo(pages(aggregate, "eli-xy"));
        }
    }

    @Test
    void anEntryOfASourceWithoutAFeedNamesTheSourcesOwnFeedInAtomSource() throws IOException {   // RFC 4287 §4.2.11
        publication.export(out);   // ELI pages come from a Sitemap and pages, not from an Atom feed of entries
        Path current = out.resolve("feed/eli-xy/current.atom");
        int entries = 0;
        try (AtomReader r = AtomReader.open(Files.newInputStream(current), current.toString())) {
            while (r.hasNext()) {
                if (r.next() instanceof Entry e) {
                    XmlElement source = e.foreign(AtomNs.ATOM, "source");
                    assertThat(source.child(AtomNs.ATOM, "id").text())
                            .isEqualTo(publication.settings().feedId() + "/eli-xy");
                    assertThat(source.child(AtomNs.ATOM, "link").attribute("", "href"))
                            .isEqualTo(mirror.baseUri() + "feed/eli-xy/current.atom");
                    entries++;
                }
            }
        }
        assertThat(entries).isPositive();
    }

    private static Map<String, String> pages(LexSync lexsync, String sourceId) {
        Map<String, String> m = new TreeMap<>();
        lexsync.store().resourceStates(sourceId, false, r -> m.put(r.uri(), r.representations().get(0).sha256()));
        return m;
    }
}
