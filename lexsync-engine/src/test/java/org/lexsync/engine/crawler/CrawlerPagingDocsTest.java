package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.Source;

/**
 * Every crawler configuration of docs/crawlers.md's "Paging and search forms" runs as written against the fixture
 * portal's court section, so the documentation cannot drift from what the crawler reads.
 */
class CrawlerPagingDocsTest {
    private static final Path DOC = Path.of("..", "docs", "crawlers.md");
    private static final String DOC_HOME = "https://courts.example/portal/";
    /** What each example, in order, adds from 25 acts (the last-30-days search finds none of the 2024 acts). */
    private static final List<Long> CREATED = List.of(25L, 4L, 0L, 25L);

    @TempDir
    Path dir;

    static List<String> examples() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf("## Paging and search forms");
        String section = doc.substring(start, doc.indexOf("\n## ", start + 1));
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL).matcher(section);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyPagingExampleRunsAsDocumented() throws Exception {
        List<String> examples = examples();
        assertThat(examples).hasSize(CREATED.size());
        for (int i = 0; i < examples.size(); i++) {
            try (PortalHarness h = new PortalHarness(dir.resolve("ex" + i), 25, 0, 10)) {
                Files.createDirectories(h.dir);
                h.open(examples.get(i).replace(DOC_HOME, h.publisher.uri("/portal/").toString()));
                Source source = org.lexsync.engine.LexSync.readConfig(h.dir.resolve("lexsync.yaml")).get(0);
                HarvestReport r = h.lexsync.harvest(source.id());
                assertThat(r.apply().counts().created()).as("example %d (%s): %s %s", i, source.id(), r.apply().gap(),
                        r.findings()).isEqualTo(CREATED.get(i));
                assertThat(h.lexsync.store().runs(source.id(), 1).get(0).status()).as("example %d", i)
                        .isEqualTo(RunStatus.SUCCEEDED);
            }
        }
    }
}
