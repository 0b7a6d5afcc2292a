package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RepeatFilterTest {
    @Test
    void tellsRepeatsFromNewElisAcrossGrowth() {
        RepeatFilter f = new RepeatFilter();
        for (int i = 0; i < 100_000; i++) {
            assertThat(f.add("http://example.org/eli/act/2024/" + i)).isTrue();
        }
        for (int i = 0; i < 100_000; i += 997) {
            assertThat(f.add("http://example.org/eli/act/2024/" + i)).isFalse();
        }
        assertThat(f.add("http://example.org/eli/act/2025/1")).isTrue();
    }
}
