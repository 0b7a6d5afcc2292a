package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.lexsync.core.checksum.Digests;

class HashAttributesTest {
    private static final String[] VALUES = {"0cc175b9c0f1b6a831c399e269772661", "0CC175B9C0F1B6A831C399E269772661",
        "DMF1ucDxtqgxw5niaXcmYQ==", "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb", "", " ", "a b",
        "ab:cd", "tab\there", "x"};

    @Test
    void givesWhatTheParserGivesForPlainAndOddStoredValues() {
        for (String md5 : VALUES) {
            assertThat(HashAttributes.md5(md5)).as(md5).isEqualTo(Digests.parse("md5:" + md5));
            assertThat(HashAttributes.md5(md5).toString()).isEqualTo(Digests.parse("md5:" + md5).toString());
            for (String sha : VALUES) {
                String text = "md5:" + md5 + " sha-256:" + sha;
                assertThat(HashAttributes.md5AndSha256(md5, sha)).as(text).isEqualTo(Digests.parse(text));
                assertThat(HashAttributes.md5AndSha256(md5, sha).toString()).isEqualTo(Digests.parse(text).toString());
                assertThat(HashAttributes.md5AndSha256(null, sha)).isEqualTo(Digests.parse("sha-256:" + sha));
            }
        }
    }
}
