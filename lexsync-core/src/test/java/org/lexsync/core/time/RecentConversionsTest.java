package org.lexsync.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecentConversionsTest {
    private final List<String> converted = new ArrayList<>();
    private final RecentConversions<String, Integer> lengths = new RecentConversions<>(s -> {
        converted.add(s);
        return s.length();
    });

    @Test
    void twoValuesAlternatingAreEachConvertedOnce() {
        for (int i = 0; i < 5; i++) {
            assertThat(lengths.get("collected")).isEqualTo(9);
            assertThat(lengths.get("pub")).isEqualTo(3);
        }
        assertThat(converted).containsExactly("collected", "pub");
    }

    @Test
    void aValueKeptWhileOthersPassIsConvertedOnce() {
        for (String other : List.of("a", "bb", "ccc", "dddd")) {
            assertThat(lengths.get("batch")).isEqualTo(5);
            assertThat(lengths.get(other)).isEqualTo(other.length());
        }
        assertThat(converted).containsExactly("batch", "a", "bb", "ccc", "dddd");
    }

    @Test
    void aThirdValueForgetsTheLeastRecentOne() {
        lengths.get("x");
        lengths.get("yy");
        lengths.get("zzz");
        lengths.get("x");
        assertThat(converted).containsExactly("x", "yy", "zzz", "x");
    }
}
