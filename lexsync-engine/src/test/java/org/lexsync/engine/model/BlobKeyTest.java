package org.lexsync.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlobKeyTest {
    private static final String HEX = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

    @Test
    void aLowerCaseKeyIsKeptAsItIs() {
        assertThat(new BlobKey(HEX).sha256()).isSameAs(HEX);
    }

    @Test
    void upperCaseHexIsLowered() {
        assertThat(new BlobKey(HEX.toUpperCase(java.util.Locale.ROOT)).sha256()).isEqualTo(HEX);
    }

    @Test
    void anythingButSixtyFourAsciiHexDigitsIsRefused() {
        assertThatThrownBy(() -> new BlobKey(HEX.substring(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BlobKey(HEX.substring(1) + "g")).isInstanceOf(IllegalArgumentException.class);
        // a digit of another script is a digit to Character.digit, not a hex digit of a SHA-256
        assertThatThrownBy(() -> new BlobKey(HEX.substring(1) + "\u0663")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BlobKey(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
