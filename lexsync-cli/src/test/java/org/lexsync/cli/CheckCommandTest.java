package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.eli.EliProvider;

/** {@code lexsync check}: report forms, the report file and the exit codes 0/1/2/3 (issue 19, "Command"). */
class CheckCommandTest {
    @TempDir
    Path dir;
    FixturePublisher pub;
    AtomSource atom;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        atom = AtomSource.register(pub, "/atom", 3, 200);
        atom.publishNew(7);
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private String feed() {
        return atom.subscriptionUri().toString();
    }

    @Test
    void aConformingFeedExitsZero() {
        CliRun r = CliRun.of("check", "atom", feed(), "--profile", "rinfo", "--sample", "all", "--delay", "0");

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("check atom " + feed() + " (rinfo)").contains("documents 3, entries 7");
    }

    @Test
    void aWrongMd5ExitsOneAndNamesTheEntry() {   // rinfo §3.3.6
        atom.corrupt(AtomSource.id(1));

        CliRun r = CliRun.of("check", "atom", feed(), "--profile", "rinfo", "--sample", "all", "--delay", "0");

        assertThat(r.code()).isEqualTo(Main.EXIT_FAILURES);
        assertThat(r.out()).contains("rinfo:3.3.6/md5-match  x1").contains("[" + AtomSource.id(1) + "]");
    }

    @Test
    void aSiteRootAnswering403IsDiscoveredAsSyncDiscoversIt() {   // ResourceSync §6.3; issue 28.4
        pub.applyChanges(3, 0, 0);
        org.lexsync.fixture.resourcesync.ResourceSyncSource.install(pub);
        pub.faults().always("/", org.lexsync.fixture.Fault.status(403)); // nginx without an index page
        String root = pub.baseUri().resolve("/").toString();

        CliRun check = CliRun.of("check", "resourcesync", root, "--sample", "0", "--delay", "0");
        CliRun sync = CliRun.of("sync", "resourcesync", root, "--store", dir.resolve("store").toString());

        assertThat(check.code()).as(check.out() + check.err()).isZero();
        assertThat(check.out()).contains("check resourcesync " + root).doesNotContain("no ResourceSync document");
        assertThat(sync.code()).as(sync.out() + sync.err()).isZero();
    }

    @Test
    void aMalformedUrlExitsThreeWithTheReportAndNoStackTrace() {
        CliRun r = CliRun.of("check", "atom", "http://exa mple.org/feed", "--format", "json");

        assertThat(r.code()).isEqualTo(Main.EXIT_UNREADABLE);
        assertThat(r.out()).contains("\"rootUnreadable\": true").contains("rfc3986:3/root-url");
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void theReportGoesToTheFileAndASummaryLineToStandardOutput() throws Exception {
        atom.corrupt(AtomSource.id(2));
        Path html = dir.resolve("report.html");

        CliRun r = CliRun.of("check", "atom", feed(), "--sample", "all", "--delay", "0", "--format", "html",
                "--out", html.toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_FAILURES);
        assertThat(r.out()).startsWith("errors: ").contains("report in " + html);
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).startsWith("<!DOCTYPE html>")
                .contains("class=\"bar error\"");
    }

    @Test
    void junitGoesToStandardOutput() {
        CliRun r = CliRun.of("check", "atom", feed(), "--sample", "0", "--delay", "0", "--format", "junit");

        assertThat(r.out()).startsWith("<?xml").contains("<testsuite").contains("<testcase");
    }

    @Test
    void badOptionValuesAreUsageErrorsNamingTheOption() {
        CliRun sample = CliRun.of("check", "atom", feed(), "--sample", "some");
        CliRun format = CliRun.of("check", "atom", feed(), "--format", "pdf");

        assertThat(sample.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(sample.err()).contains("--sample must be a whole number of at least 0, or all, was 'some'");
        assertThat(format.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(format.err()).contains("--format must be text, json, junit or html");
    }

    @Test
    void aMissingMetaInfoFileExitsThree() {
        CliRun r = CliRun.of("check", "documentgroup", dir.resolve("missing.xml").toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_UNREADABLE);
        assertThat(r.out()).contains("lexsync:check/fetch");
    }

    @Test
    void anEliProviderWithItsFeedExitsZero() {
        EliProvider eli = EliProvider.builder().acts(4).perSitemap(3).start(Instant.now().truncatedTo(ChronoUnit.SECONDS))
                .build().register(pub);

        CliRun r = CliRun.of("check", "eli", "--sitemap", eli.sitemapUrl().toString(), "--feed",
                eli.feedUrl().toString(), "--sample", "all", "--delay", "0");

        assertThat(r.code()).as(r.out()).isZero();
        assertThat(r.out()).contains("resources sampled 4");
    }

    @Test
    void aReportFileThatCannotBeWrittenIsAUsageErrorOfOneLine() {
        CliRun r = CliRun.of("check", "atom", feed(), "--sample", "0", "--delay", "0", "--out",
                dir.resolve("no/such/dir/report.txt").toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).startsWith("lexsync: cannot write the report to").doesNotContain("\tat ");
    }
}
