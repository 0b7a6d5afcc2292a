package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How {@code lexsync export} names files: by URL path, never outside the export directory. */
class ExportPathsTest {

    private static String path(String uri) {
        return ExportPaths.resolve(List.of(new ExportPaths.Entry("s", uri))).get(0);
    }

    @Test
    void hostAndPortThenThePath() {
        assertThat(path("https://Legal.Example.org:8443/eli/act/2020/1/oj")).isEqualTo("legal.example.org_8443/eli/act/2020/1/oj");
    }

    @Test
    void dotSegmentsAndEncodedSlashesCannotLeaveTheDirectory() {
        assertThat(path("http://h/a/%2E%2E/%2e%2e/b")).isEqualTo("h/a/%2E%2E/%2E%2E/b");
        assertThat(path("http://h/a/..%2F..%2Fetc")).isEqualTo("h/a/..%2F..%2Fetc");
    }

    @Test
    void aUrlEndingInASlashIsTheDirectorysIndex() {
        assertThat(path("http://h/a/")).isEqualTo("h/a/_index");
        assertThat(path("http://h")).isEqualTo("h/_index");
        assertThat(path("http://h/_index")).isEqualTo("h/%5Findex");
    }

    @Test
    void theQueryIsEncodedIntoTheName() {
        assertThat(path("http://h/search?q=a/b&x=1")).isEqualTo("h/search%3Fq=a%2Fb%26x=1");
    }

    @Test
    void aDocumentThatIsAlsoADirectoryMovesToItsIndex() {
        List<String> paths = ExportPaths.resolve(List.of(new ExportPaths.Entry("s", "http://h/a"),
                new ExportPaths.Entry("s", "http://h/a/b")));

        assertThat(paths).containsExactly("h/a/_index", "h/a/b");
    }

    @Test
    void theSameUriInTwoSourcesGetsTheSourceId() {
        List<String> paths = ExportPaths.resolve(List.of(new ExportPaths.Entry("one", "http://h/a"),
                new ExportPaths.Entry("two", "http://h/a")));

        assertThat(paths).containsExactly("h/a", "h/a@two");
    }

    @Test
    void aUriWithoutAHostGoesUnderOther() {
        assertThat(path("urn:lex:eu:council:2020")).isEqualTo("_other/urn%3Alex%3Aeu%3Acouncil%3A2020");
    }

    @Test
    void longNamesAreCutWithAHash() {
        String name = path("http://h/" + "x".repeat(400)).substring(2);

        assertThat(name).hasSize(200).contains("~");
    }
}
