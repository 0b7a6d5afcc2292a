package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Source;

/**
 * The reference example of docs/crawlers.md ("A crawler in lexsync.yaml (no Java)", every key at once, for a portal
 * that is not ours) is read by the configuration reader without a mistake: its selectors, regular expressions, date
 * formats, periods and seed variables all pass the checks the reader makes. The runnable examples of the other
 * sections are run against the fixture portal (CrawlerPagingDocsTest, CourtListingsEndToEndTest).
 */
class CrawlerReferenceExampleTest {
    private static final Path DOC = Path.of("..", "docs", "crawlers.md");

    @TempDir
    Path dir;

    @Test
    void theReferenceExampleReadsWithoutAMistake() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf("## A crawler in lexsync.yaml (no Java)");
        String section = doc.substring(start, doc.indexOf("\n## ", start + 1));
        Matcher m = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL).matcher(section);
        assertThat(m.find()).as("a yaml block in the section").isTrue();
        Path file = dir.resolve("lexsync.yaml");
        Files.writeString(file, m.group(1), StandardCharsets.UTF_8);

        List<Source> sources = LexSync.readConfig(file);

        assertThat(sources).extracting(Source::id).containsExactly("portal");
        assertThat(sources.get(0).protocol()).isEqualTo("crawler");
    }
}
