package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class AmpersandRepairTest {
    private static String repair(String s) throws IOException {
        try (AmpersandRepair in = new AmpersandRepair(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8)))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void escapesBareAmpersandsOnly() throws IOException {
        assertThat(repair("a=1&b=2")).isEqualTo("a=1&amp;b=2");
        assertThat(repair("&amp;&lt;&gt;&quot;&apos;&#38;&#x26;")).isEqualTo("&amp;&lt;&gt;&quot;&apos;&#38;&#x26;");
        assertThat(repair("&&x")).isEqualTo("&amp;&amp;x");
        assertThat(repair("x & y")).isEqualTo("x &amp; y");
        assertThat(repair("end&")).isEqualTo("end&amp;");
        assertThat(repair("&nbsp;été")).isEqualTo("&amp;nbsp;été");
        assertThat(repair("&averyveryverylongname;")).isEqualTo("&amp;averyveryverylongname;");
    }
}
