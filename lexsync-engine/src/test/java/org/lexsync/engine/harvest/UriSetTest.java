package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class UriSetTest {

    @Property(tries = 50)
    void containsExactlyWhatWasAdded(@ForAll Set<String> added, @ForAll String other) {
        UriSet s = new UriSet();
        added.forEach(s::add);
        assertThat(added).allSatisfy(a -> assertThat(s.contains(a)).isTrue());
        if (!added.contains(other)) {
            assertThat(s.contains(other)).isFalse();
        }
    }

    @Test
    void tellsRepeatsFromNewUrisAcrossGrowth() {
        UriSet f = new UriSet();
        for (int i = 0; i < 100_000; i++) {
            assertThat(f.add("http://example.org/eli/act/2024/" + i)).isTrue();
        }
        for (int i = 0; i < 100_000; i += 997) {
            assertThat(f.add("http://example.org/eli/act/2024/" + i)).isFalse();
        }
        assertThat(f.add("http://example.org/eli/act/2025/1")).isTrue();
    }
}
