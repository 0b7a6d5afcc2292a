package org.lexsync.core.uri;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** RFC 6454 §4 origins: scheme, host and effective port. */
class OriginsTest {

    @Test
    void schemeAndHostCompareCaseInsensitivelyAndTheDefaultPortIsImplied() {
        assertThat(Origins.sameOrigin(URI.create("http://a.example/x"), URI.create("HTTP://A.example:80/rs/l.xml")))
                .isTrue();
        assertThat(Origins.sameOrigin(URI.create("https://a.example/x"), URI.create("https://a.example:443/y")))
                .isTrue();
    }

    @Test
    void anotherHostSchemeOrPortIsAnotherOrigin() {
        assertThat(Origins.sameOrigin(URI.create("http://a.example/x"), URI.create("http://mirror.example/l.xml")))
                .isFalse();
        assertThat(Origins.sameOrigin(URI.create("https://a.example/x"), URI.create("http://a.example/l.xml")))
                .isFalse();
        assertThat(Origins.sameOrigin(URI.create("http://a.example:8080/x"), URI.create("http://a.example/x")))
                .isFalse();
    }

    @Test
    void urisWithoutSchemeOrHostHaveNoOriginInCommon() {
        assertThat(Origins.sameOrigin(URI.create("/relative"), URI.create("http://a.example/"))).isFalse();
        assertThat(Origins.sameOrigin(URI.create("urn:x:1"), URI.create("urn:x:1"))).isFalse();
    }
}
