package org.lexsync.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Atom options read from text and checked when built. */
class AtomOptionsTest {

    @Test
    void theMassDeleteGuardDefaultsToHalf() {
        assertThat(AtomOptions.fromText(Map.of()).maxDeleteFraction()).isEqualTo(0.5);
        assertThat(AtomOptions.fromText(Map.of("max-delete-fraction", " 0.2 ")).maxDeleteFraction()).isEqualTo(0.2);
    }

    @Test
    void aFractionOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> AtomOptions.fromText(Map.of("max-delete-fraction", "2")))
                .isInstanceOf(OptionException.class)
                .hasMessage("option max-delete-fraction must be a number from 0 to 1, was '2'");
        assertThatThrownBy(() -> new AtomOptions(Double.NaN)).isInstanceOf(OptionException.class);
    }
}
