package org.lexsync.engine.crawler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceStatus;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.portal.LegalPortal;

/**
 * The fixture portal, a lexsync.yaml describing the pure-YAML crawler for it, and a facade over a fresh data
 * directory: the whole path a configured crawler source takes (config → typed options → crawler harvester → applier).
 */
final class PortalHarness implements AutoCloseable {
    static final String SOURCE = "portal";

    final FixturePublisher publisher;
    final LegalPortal portal;
    final Path dir;
    LexSync lexsync;

    PortalHarness(Path dir, int main, int bg, int pageSize) {
        this.dir = dir;
        publisher = FixturePublisher.builder().resources(0).start();
        portal = LegalPortal.install(publisher, main, bg, pageSize);
    }

    /** The YAML crawler of the portal's main section (paged by "next" links), politeness {@code delay} seconds. */
    String yaml(double delay) {
        return """
                sources:
                  - id: portal
                    protocol: crawler
                    url: %s
                    politeness: {delay: %s, concurrency: 1}
                    crawler:
                      seeds:
                        - url: acts?page=1
                      include: ['/portal/act/']
                      listing:
                        item: {css: 'ul.results a.act'}
                        next: {css: 'a.next'}
                      detail:
                        fields:
                          id: {css: .number, required: true}
                          title: {css: h1.title, required: true, fallbacks: [{xpath: '//title'}]}
                          date: {css: .date, date-format: dd.MM.yyyy}
                        attachments: {css: a.file}
                """.formatted(publisher.uri(LegalPortal.PREFIX + "/"), Double.toString(delay));
    }

    /** Writes {@code yaml} and opens a facade with its sources registered. */
    LexSync open(String yaml) throws IOException {
        Path file = dir.resolve("lexsync.yaml");
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        if (lexsync == null) {
            lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(1, Duration.ZERO)).tries(1)
                    .timeout(Duration.ofSeconds(2)).build();
        }
        for (Source s : LexSync.readConfig(file)) {
            lexsync.register(s);
        }
        return lexsync;
    }

    HarvestReport crawl() {
        return lexsync.harvest(SOURCE);
    }

    /** Active resources of the source by URI, with their status. */
    Map<String, ResourceStatus> resources() {
        Map<String, ResourceStatus> out = new TreeMap<>();
        lexsync.store().resources(SOURCE, true, r -> out.put(r.uri(), r.status()));
        return out;
    }

    long active() {
        return resources().values().stream().filter(s -> s == ResourceStatus.ACTIVE).count();
    }

    /** Requests under the portal's prefix since the last {@link FixturePublisher#clearRequests()}. */
    List<RecordedRequest> portalRequests() {
        return publisher.requests().stream().filter(r -> r.path().startsWith(LegalPortal.PREFIX)).toList();
    }

    @Override
    public void close() {
        if (lexsync != null) {
            lexsync.close();
        }
        publisher.close();
    }
}
