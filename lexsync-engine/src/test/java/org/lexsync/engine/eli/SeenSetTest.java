package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.Set;

class SeenSetTest {

    @Property(tries = 50)
    void containsExactlyWhatWasAdded(@ForAll Set<String> added, @ForAll String other) {
        SeenSet s = new SeenSet();
        added.forEach(s::add);
        assertThat(added).allSatisfy(a -> assertThat(s.contains(a)).isTrue());
        if (!added.contains(other)) {
            assertThat(s.contains(other)).isFalse();
        }
    }
}
