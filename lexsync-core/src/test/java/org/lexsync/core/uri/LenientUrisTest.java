package org.lexsync.core.uri;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class LenientUrisTest {
    @Test
    void aConformingUriIsReturnedAsItIs() {
        String uri = "http://example.com/a/b?x=1&y=%20#frag";
        assertThat(LenientUris.encode(uri)).isSameAs(uri);
    }

    @Test
    void spacesAndNonAsciiArePercentEncodedAsUtf8_rfc3987_3_1() {
        assertThat(LenientUris.encode("http://example.com/loi übersicht")).isEqualTo("http://example.com/loi%20%C3%BCbersicht");
        assertThat(LenientUris.encode("http://example.com/\uD83D\uDCDC")).isEqualTo("http://example.com/%F0%9F%93%9C");
    }

    @Test
    void existingEscapesAreKeptAndALonePercentIsEncoded() {
        assertThat(LenientUris.encode("http://example.com/a%20b%zz%")).isEqualTo("http://example.com/a%20b%25zz%25");
    }

    @Test
    void aRelativeReferenceIsResolvedAfterStrippingAndEncoding_rfc3986_5_2() {
        URI base = URI.create("http://example.com/lists/rl.xml");
        assertThat(LenientUris.resolve(base, "\n  ../res/a b\n")).isEqualTo(URI.create("http://example.com/res/a%20b"));
        assertThat(LenientUris.isRelative("../res/a")).isTrue();
        assertThat(LenientUris.isRelative("/res/a")).isTrue();
        assertThat(LenientUris.isRelative("HTTP://example.com/")).isFalse();
    }

    @Test
    void httpUriTakesOnlyAbsoluteHttpUrisWithAHost_encodingWhatNeedsIt() {
        assertThat(LenientUris.httpUri(" HTTPS://example.se/lag ändring.pdf ")).isEqualTo(
                URI.create("HTTPS://example.se/lag%20%C3%A4ndring.pdf"));
        assertThat(LenientUris.httpUri("ftp://example.se/a")).isNull();
        assertThat(LenientUris.httpUri("/relative/a")).isNull();
        assertThat(LenientUris.httpUri("http:///no-host")).isNull();
        assertThat(LenientUris.httpUri(null)).isNull();
    }
}
