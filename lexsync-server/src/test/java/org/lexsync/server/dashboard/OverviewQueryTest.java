package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The overview's query parameters (issue 33): what is kept, and the links that sort. */
class OverviewQueryTest {
    @Test
    void anUnknownSortOrBlankFiltersFallBackToTheDefault() {
        Map<String, String> params = Map.of("sort", "nonsense", "protocol", " ", "order", "desc");
        OverviewQuery q = OverviewQuery.of(params::get);
        assertThat(q.sort()).isNull();
        assertThat(q.protocol()).isNull();
        assertThat(q.filtered()).isFalse();
    }

    @Test
    void aSortLinkKeepsTheFiltersEncoded() {
        OverviewQuery q = OverviewQuery.of(Map.of("health", "failing", "q", "a&b c")::get);
        assertThat(q.sortedBy("lag", true)).isEqualTo("/?sort=lag&order=desc&health=failing&q=a%26b+c");
    }

    @Test
    void sparklineNumbersHaveOneDecimal() {
        assertThat(Sparkline.fmt(12.345)).isEqualTo("12.3");
        assertThat(Sparkline.fmt(0.04)).isEqualTo("0.0");
        assertThat(Sparkline.fmt(-0.5)).isEqualTo("-0.5");
        assertThat(Sparkline.fmt(19)).isEqualTo("19.0");
    }
}
