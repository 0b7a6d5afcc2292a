package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The lease's time to live from {@value SourceLeases#TTL_ENV}. */
class SourceLeasesTtlTest {
    @Test
    void unsetMeansThirtySeconds() {
        assertThat(SourceLeases.ttlFrom(null)).isEqualTo(Duration.ofSeconds(30));
        assertThat(SourceLeases.ttlFrom(" ")).isEqualTo(SourceLeases.DEFAULT_TTL);
    }

    @Test
    void secondsMayHaveDecimals() {
        assertThat(SourceLeases.ttlFrom("1.5")).isEqualTo(Duration.ofMillis(1_500));
    }

    @Test
    void aBadValueNamesTheVariable() {
        assertThatThrownBy(() -> SourceLeases.ttlFrom("soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LEXSYNC_LEASE_SECONDS").hasMessageContaining("'soon'");
        assertThatThrownBy(() -> SourceLeases.ttlFrom("-1")).isInstanceOf(IllegalArgumentException.class);
    }
}
