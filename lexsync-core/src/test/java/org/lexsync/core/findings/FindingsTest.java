package org.lexsync.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Findings keep a bounded list but count every finding, also by rule (the checker's counts per rule). */
class FindingsTest {

    @Test
    void countsByRuleGoOnPastTheCapacityWithTheFirstFindingOfEachRule() {
        Findings f = new Findings(2);
        f.error("a", "first a", 1, 1);
        f.warning("b", "first b", 2, 1);
        for (int i = 0; i < 5; i++) {
            f.error("a", "more a", 3 + i, 1);
        }
        f.info("c", "only c, beyond the capacity", 9, 9);

        assertThat(f.list()).hasSize(2);
        assertThat(f.truncated()).isTrue();
        assertThat(f.byRule()).extracting(r -> r.first().rule(), Findings.RuleCount::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", 6L), org.assertj.core.groups.Tuple.tuple("b", 1L),
                        org.assertj.core.groups.Tuple.tuple("c", 1L));
        assertThat(f.byRule().get(2).first().message()).isEqualTo("only c, beyond the capacity");
    }
}
