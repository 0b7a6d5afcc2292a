package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** xml:base resolution (RFC 4287 §2, XML Base, RFC 3986 §5.4 reference examples). */
class BasesTest {
    private static final URI BASE = URI.create("http://a/b/c/d;p?q");

    @Test
    void absoluteReferencesAreKeptAsWritten() {
        assertThat(Bases.resolve(BASE, "HTTPS://Example.org/x")).isEqualTo("HTTPS://Example.org/x");
        assertThat(Bases.absolute("urn:x:1")).isTrue();
        assertThat(Bases.absolute("a/b:c")).isFalse();
    }

    @Test
    void resolvesRfc3986NormalExamples() { // RFC 3986 §5.4.1
        assertThat(Bases.resolve(BASE, "g")).isEqualTo("http://a/b/c/g");
        assertThat(Bases.resolve(BASE, "./g")).isEqualTo("http://a/b/c/g");
        assertThat(Bases.resolve(BASE, "/g")).isEqualTo("http://a/g");
        assertThat(Bases.resolve(BASE, "?y")).isEqualTo("http://a/b/c/d;p?y");
        assertThat(Bases.resolve(BASE, "#s")).isEqualTo("http://a/b/c/d;p?q#s");
        assertThat(Bases.resolve(BASE, "../g")).isEqualTo("http://a/b/g");
        assertThat(Bases.resolve(BASE, "")).isEqualTo("http://a/b/c/d;p?q");
    }

    @Test
    void withoutBaseTheReferenceStaysRelative() {
        assertThat(Bases.resolve(null, "g")).isEqualTo("g");
    }

    @Test
    void nestedBasesCompose() {
        URI outer = Bases.nest(URI.create("http://example.org/feeds/index.atom"), "http://example.se/rinfo/");
        URI inner = Bases.nest(outer, "docs/2015/");
        assertThat(Bases.resolve(inner, "a.pdf")).isEqualTo("http://example.se/rinfo/docs/2015/a.pdf");
    }

    @Test
    void invalidReferenceGivesNull() {
        assertThat(Bases.resolve(BASE, "a b|c")).isNull();
    }
}
