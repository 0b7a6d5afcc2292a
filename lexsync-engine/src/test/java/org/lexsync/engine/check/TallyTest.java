package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckRuleResult;

/** Findings grouped by rule: exact counts past a validator's capacity, at most 10 examples, errors first. */
class TallyTest {

    @Test
    void countsStayExactPastTheValidatorsCapacityAndExamplesStopAtTen() {
        Findings f = new Findings();
        for (int i = 1; i <= 1500; i++) {
            f.error("sitemaps:changefreq/value", "bad changefreq", i, 3);
        }
        f.warning("sitemaps:location/host", "another host", 1501, 3);   // first seen past the capacity
        Tally t = new Tally();

        t.addAll(f, "http://example.org/sitemap.xml");

        CheckRuleResult changefreq = t.results().get(0);
        assertThat(changefreq.rule()).isEqualTo("sitemaps:changefreq/value");
        assertThat(changefreq.count()).isEqualTo(1500);
        assertThat(changefreq.examples()).hasSize(CheckRuleResult.MAX_EXAMPLES);
        assertThat(changefreq.examples().get(0).location()).isEqualTo("http://example.org/sitemap.xml:1:3");
        CheckRuleResult host = t.results().get(1);
        assertThat(host.count()).isEqualTo(1);
        assertThat(host.severity()).isEqualTo(Severity.WARNING);
        assertThat(host.examples().get(0).line()).isEqualTo(1501);
    }

    @Test
    void announcedRulesThatNobodyBreaksArePassedAndComeLast() {
        Tally t = new Tally();
        t.checked("rinfo:3.1/feed-id", Severity.ERROR, "one feed id");
        t.warning("rinfo:3.1.5/self", "http://example.org/feed.atom", 1, 1, null, "no self link");

        assertThat(t.results()).extracting(CheckRuleResult::rule, CheckRuleResult::passed).containsExactly(
                org.assertj.core.groups.Tuple.tuple("rinfo:3.1.5/self", false),
                org.assertj.core.groups.Tuple.tuple("rinfo:3.1/feed-id", true));
    }
}
