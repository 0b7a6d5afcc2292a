package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.fixture.eli.EliProvider;

/**
 * Issue 12.4: a provider whose Sitemap dates its entries by day while the update feed gives date-times; every
 * changed page is fetched once per change, whichever channel names it first.
 */
class EliDateGranularityTest {
    @TempDir
    Path dir;

    private EliHarness h;

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    private List<String> fetchedPages() {
        return h.pageRequests().stream().map(r -> h.pub.baseUri().resolve(r.path()).toString()).sorted().toList();
    }

    @Test
    void baselineFetchesEachPageOnceAlthoughTheFeedListsThemWithFinerDates() {
        h = new EliHarness(dir, EliProvider.builder().acts(12).perSitemap(5).dateOnlyLastmod(true));

        HarvestReport report = h.sync();

        assertThat(report.complete()).isTrue();
        assertThat(h.pageRequests()).hasSize(12);
        assertThat(h.active()).hasSize(12);
    }

    @Test
    void dailyRunAfterAFallbackResyncFetchesEachChangedPageOnce() {
        h = new EliHarness(dir, EliProvider.builder().acts(12).perSitemap(5).dateOnlyLastmod(true)
                .feedHistory(Duration.ofDays(1)));
        h.sync();
        h.provider.advance(Duration.ofDays(3));
        List<String> changed = h.provider.update(2, 4, 9);
        h.pub.clearRequests();

        HarvestReport fallback = h.sync();

        assertThat(fallback.complete()).isTrue();
        assertThat(h.notes).anySatisfy(n -> assertThat(n).contains("falling back to a Sitemap resync"));
        // the Sitemap's day-dated entries are fetched in the walk; the feed's entries for them are then current
        assertThat(fetchedPages()).containsExactlyElementsOf(changed.stream().sorted().toList());
        assertThat(h.notes).anySatisfy(n -> assertThat(n).startsWith("update feed: 0 pages fetched, 3 ELIs already current"));

        h.pub.clearRequests();
        HarvestReport daily = h.sync();

        assertThat(daily.complete()).isTrue();
        assertThat(h.pageRequests()).isEmpty();
    }

    @Test
    void dailyRunFetchesAFeedUpdateOfADayDatedProviderOnce() {
        h = new EliHarness(dir, EliProvider.builder().acts(6).perSitemap(5).dateOnlyLastmod(true));
        h.sync();
        List<String> changed = h.provider.update(3);
        h.pub.clearRequests();

        assertThat(h.sync().complete()).isTrue();
        assertThat(fetchedPages()).containsExactlyElementsOf(changed);

        h.pub.clearRequests();
        assertThat(h.sync().complete()).isTrue();
        assertThat(h.pageRequests()).isEmpty();
    }

    @Test
    void aResumedBaselineOfADayDatedSitemapFetchesOnlyThePagesNotYetStored() {
        h = new EliHarness(dir, EliProvider.builder().acts(12).perSitemap(5).dateOnlyLastmod(true));
        List<String> lost = List.of(h.provider.eli(4), h.provider.eli(9));
        for (String eli : lost) {
            h.pub.faults().always(java.net.URI.create(eli).getPath(), org.lexsync.fixture.Fault.connectionReset());
        }
        assertThat(h.sync().complete()).isFalse();
        assertThat(h.active()).hasSize(10);
        h.pub.faults().clear();
        h.pub.clearRequests();

        HarvestReport resumed = h.sync();

        // the stored pages are current at the Sitemap's day; only the two missing ones are fetched
        assertThat(resumed.complete()).isTrue();
        assertThat(fetchedPages()).containsExactlyElementsOf(lost.stream().sorted().toList());
        assertThat(h.active()).hasSize(12);
    }
}
