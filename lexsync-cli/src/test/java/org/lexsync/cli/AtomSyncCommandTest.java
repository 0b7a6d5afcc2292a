package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/** {@code lexsync sync atom URL} against the fixture publisher's Atom source. */
class AtomSyncCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    AtomSource source;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        source = AtomSource.registerDemo(pub);
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private CliRun sync(String... extra) {
        String[] base = {"sync", "atom", source.subscriptionUri().toString(), "--store", dir.toString(), "--delay", "0",
                "--ignore-robots"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void collectsTheDemoSourceAndPrintsASummary() {
        CliRun r = sync();
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("atom-127.0.0.1-" + pub.baseUri().getPort() + " (atom): created 11, updated 0, deleted 0, unchanged 1");   // the tombstone of an id never held
        assertThat(r.out()).contains("checkpoint:");
    }

    @Test
    void secondRunOnAnUnchangedFeedChangesNothing() {
        sync();
        CliRun r = sync();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("created 0, updated 0, deleted 0");
    }

    @Test
    void corruptDocumentEndsWithExitCodeOne() {
        source.corrupt(AtomSource.id(12));
        CliRun r = sync();
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("hash-mismatch");
    }

    @Test
    void runsListsTheFindingsOfTheCollection() {
        // written for this test: a feed without author email whose entry lacks published (rinfo §3.1.4, §4.1)
        String feed = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"
                + "<id>tag:example.se,2024:bad</id><title>t</title><updated>2024-01-01T10:00:00Z</updated>"
                + "<author><name>Agency</name></author>"
                + "<entry><id>http://example.se/publ/1</id><title>1</title><updated>2024-01-01T10:00:00+0100</updated>"
                + "<summary/></entry></feed>";
        pub.route("/bad/", (request, p) -> org.lexsync.fixture.FixtureResponse.ok("application/atom+xml", feed));
        CliRun r = CliRun.of("sync", "atom", pub.uri("/bad/feed.atom").toString(), "--store", dir.toString(),
                "--delay", "0", "--ignore-robots");
        assertThat(r.code()).as(r.err()).isZero();

        CliRun runs = CliRun.of("runs", "--store", dir.toString());

        assertThat(runs.code()).isZero();
        assertThat(runs.out()).contains("rinfo:3.1.4/author-email", "rinfo:4.1/published", "atom:rfc4287-3.3/date-format");
    }

    @Test
    void unreachableFeedIsExitCodeThree() {
        CliRun r = CliRun.of("sync", "atom", pub.uri("/atom/nothing.atom").toString(), "--store", dir.toString(),
                "--delay", "0", "--ignore-robots");
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("HTTP 404");
    }

    @Test
    void badDeleteFractionIsAUsageError() {
        CliRun r = sync("--max-delete-fraction", "2");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--max-delete-fraction");
    }
}
