package org.lexsync.core.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code hash} attribute: ResourceSync §7 Table 3 and the Atom Link Extensions draft. */
class DigestsTest {
    private static final String MD5 = "1e0d5cb8ef6ba40c99b14c0237be735e";
    private static final String SHA1 = "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3";
    private static final String SHA256 = "854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784";

    @Test
    void parsesSeveralAlgorithms() {
        Digests d = Digests.parse("md5:" + MD5 + " sha-1:" + SHA1 + " sha-256:" + SHA256);

        assertThat(d.get(HashAlgorithm.MD5)).hasValue(new Digest(HashAlgorithm.MD5, MD5));
        assertThat(d.get(HashAlgorithm.SHA_1)).hasValue(new Digest(HashAlgorithm.SHA_1, SHA1));
        assertThat(d.get(HashAlgorithm.SHA_256)).hasValue(new Digest(HashAlgorithm.SHA_256, SHA256));
        assertThat(d.get(HashAlgorithm.SHA_512)).isEmpty();
        assertThat(d.unknownTokens()).isEmpty();
        assertThat(d.isEmpty()).isFalse();
    }

    @Test
    void normalisesUpperCaseHexAndAlgorithmNames() {
        Digests d = Digests.parse("MD5:" + MD5.toUpperCase(java.util.Locale.ROOT));

        assertThat(d.get(HashAlgorithm.MD5).orElseThrow().hex()).isEqualTo(MD5);
        assertThat(d).hasToString("md5:" + MD5);
    }

    @Test
    void acceptsTheCommonMisspellingsOfShaNames() {
        Digests d = Digests.parse("sha1:" + SHA1 + " sha256:" + SHA256);

        assertThat(d.known()).containsOnlyKeys(HashAlgorithm.SHA_1, HashAlgorithm.SHA_256);
        assertThat(d).hasToString("sha-1:" + SHA1 + " sha-256:" + SHA256);
    }

    @Test
    void keepsUnknownAlgorithmTokensAsGiven() {
        Digests d = Digests.parse("md5:" + MD5 + " crc32:CAFEBABE blake2b:00ff");

        assertThat(d.known()).containsOnlyKeys(HashAlgorithm.MD5);
        assertThat(d.unknownTokens()).containsExactly("crc32:CAFEBABE", "blake2b:00ff");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e0d5cb8ef6ba40c99b14c0237be735e", "md5:", ":" + MD5, "md5", "::"})
    void keepsMalformedTokensAside(String token) {
        Digests d = Digests.parse(token);

        assertThat(d.known()).isEmpty();
        assertThat(d.unknownTokens()).containsExactly(token);
    }

    @Test
    void parsesAKnownAlgorithmWithBadHexAsANotWellFormedDigest() {
        Digest d = Digests.parse("md5:xyz").get(HashAlgorithm.MD5).orElseThrow();

        assertThat(d.wellFormed()).isFalse();
    }

    @Test
    void splitsOnAnyWhitespace() {
        Digests d = Digests.parse("  md5:" + MD5 + "\n\tsha-1:" + SHA1 + "  ");

        assertThat(d.known()).hasSize(2);
        assertThat(d.unknownTokens()).isEmpty();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "   "})
    void givesNoneForNullOrBlank(String attribute) {
        assertThat(Digests.parse(attribute)).isSameAs(Digests.NONE);
        assertThat(Digests.NONE.isEmpty()).isTrue();
        assertThat(Digests.NONE).hasToString("");
    }

    @Test
    void writesKnownDigestsInAlgorithmOrderThenUnknownTokens() {
        Digests d = Digests.parse("x:1 sha-256:" + SHA256 + " md5:" + MD5);

        assertThat(d).hasToString("md5:" + MD5 + " sha-256:" + SHA256 + " x:1");
    }

    @Test
    void readsItsOwnStringBackToAnEqualValue() {
        Digests d = Digests.parse("SHA-256:" + SHA256.toUpperCase(java.util.Locale.ROOT) + " md5:" + MD5 + " foo:bar");

        assertThat(Digests.parse(d.toString())).isEqualTo(d);
    }

    @Test
    void ofAndWithBuildTheSameSetAsParsing() {
        Digest md5 = new Digest(HashAlgorithm.MD5, MD5);
        Digest sha = new Digest(HashAlgorithm.SHA_1, SHA1);

        assertThat(Digests.of(md5).with(sha)).isEqualTo(Digests.parse("sha-1:" + SHA1 + " md5:" + MD5));
        assertThat(Digests.of(md5).with(new Digest(HashAlgorithm.MD5, SHA1.substring(0, 32))).get(HashAlgorithm.MD5))
                .hasValue(new Digest(HashAlgorithm.MD5, SHA1.substring(0, 32)));
    }

    @Test
    void knownMapIsUnmodifiable() {
        Digests d = Digests.parse("md5:" + MD5);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> d.known().clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    /** The digest a source states can be checked against the bytes with the algorithm's JCA digest. */
    @Test
    void hashAlgorithmsComputeDigestsOfTheirLength() {
        byte[] abc = "test".getBytes(StandardCharsets.UTF_8);
        for (HashAlgorithm a : HashAlgorithm.values()) {
            String hex = HexFormat.of().formatHex(a.newDigest().digest(abc));
            assertThat(hex).as(a.token()).hasSize(a.hexLength());
            assertThat(new Digest(a, hex).wellFormed()).isTrue();
        }
        assertThat(HexFormat.of().formatHex(HashAlgorithm.SHA_1.newDigest().digest(abc))).isEqualTo(SHA1);
    }
}
