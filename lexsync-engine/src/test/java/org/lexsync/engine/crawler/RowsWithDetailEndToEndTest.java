package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunCounts;

/**
 * Issue 29 part 1 with a detail step: the fixture portal's result rows give a field (the date shown in the list) and
 * link the detail page; the stored group holds the row's field merged with the page's.
 */
class RowsWithDetailEndToEndTest {
    @TempDir
    Path dir;

    @Test
    void theRowsFieldsAreMergedIntoTheDetailPagesGroup() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 12, 0, 10)) {
            h.open(h.yaml(0).replace("        item: {css: 'ul.results a.act'}\n", """
                            row: {css: 'ul.results li'}
                            fields:
                              listed: {css: .date, date-format: dd.MM.yyyy, required: true}
                              title: {css: a.act}
                            merge: row-wins
                            item: {css: a.act}
                    """));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(12 * 4, 0, 0, 0, 0));
            String page = h.publisher.uri("/portal/act/3").toString();
            ResourceState s = h.lexsync.store().resource(PortalHarness.SOURCE, page).orElseThrow();
            String json = null;
            for (RepresentationState rep : s.representations()) {
                if (rep.role() == RepresentationRole.METADATA) {
                    try (InputStream in = h.lexsync.store().openBlob(rep.blobKey())) {
                        json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
            }
            String date = h.portal.act(3).date().toString();
            assertThat(json).contains("\"date\":\"" + date + "\"").contains("\"id\":\"3\"")
                    .contains("\"listed\":\"" + date + "\"");
            assertThat(h.crawl().apply().counts()).isEqualTo(new RunCounts(0, 0, 0, 12 * 4, 0));
        }
    }
}
