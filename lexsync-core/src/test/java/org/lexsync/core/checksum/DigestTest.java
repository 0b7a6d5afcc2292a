package org.lexsync.core.checksum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DigestTest {

    @Test
    void lowerCasesItsHex() {
        assertThat(new Digest(HashAlgorithm.MD5, "1E0D5CB8EF6BA40C99B14C0237BE735E").hex())
                .isEqualTo("1e0d5cb8ef6ba40c99b14c0237be735e");
    }

    @Test
    void isWellFormedWithTheAlgorithmsLengthOfHexDigits() {
        assertThat(new Digest(HashAlgorithm.MD5, "1e0d5cb8ef6ba40c99b14c0237be735e").wellFormed()).isTrue();
        assertThat(new Digest(HashAlgorithm.SHA_256, "0".repeat(64)).wellFormed()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1e0d5cb8ef6ba40c99b14c0237be735", "1e0d5cb8ef6ba40c99b14c0237be735e0",
            "le0d5cb8ef6ba40c99b14c0237be735e", "1e0d5cb8ef6ba40c99b14c0237be735g", "1e0d5cb8-f6ba40c99b14c0237be735e",
            " 1e0d5cb8ef6ba40c99b14c0237be735"})
    void isNotWellFormedOtherwise(String hex) {
        assertThat(new Digest(HashAlgorithm.MD5, hex).wellFormed()).isFalse();
    }

    @Test
    void isNotWellFormedWithAnotherAlgorithmsLength() {
        assertThat(new Digest(HashAlgorithm.SHA_1, "1e0d5cb8ef6ba40c99b14c0237be735e").wellFormed()).isFalse();
    }

    @Test
    void writesAlgorithmColonHex() {
        assertThat(new Digest(HashAlgorithm.SHA_256, "AB")).hasToString("sha-256:ab");
    }

    @Test
    void refusesNulls() {
        assertThatThrownBy(() -> new Digest(null, "ab")).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("algorithm");
        assertThatThrownBy(() -> new Digest(HashAlgorithm.MD5, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("hex");
    }

    @Test
    void hashAlgorithmReadsTokensCaseInsensitively() {
        assertThat(HashAlgorithm.fromToken("SHA-512")).isEqualTo(HashAlgorithm.SHA_512);
        assertThat(HashAlgorithm.fromToken(" sha224 ")).isEqualTo(HashAlgorithm.SHA_224);
        assertThat(HashAlgorithm.fromToken("sha-3")).isNull();
        assertThat(HashAlgorithm.fromToken(null)).isNull();
        for (HashAlgorithm a : HashAlgorithm.values()) {
            assertThat(HashAlgorithm.fromToken(a.token())).isEqualTo(a);
        }
    }
}
