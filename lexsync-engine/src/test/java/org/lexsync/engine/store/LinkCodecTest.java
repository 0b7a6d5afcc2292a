package org.lexsync.engine.store;

import org.lexsync.engine.model.Link;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** Links survive the round trip through their text column whatever characters they hold. */
class LinkCodecTest {

    @Test
    void noLinksAreStoredAsNull() {
        assertThat(LinkCodec.encode(List.of())).isNull();
        assertThat(LinkCodec.decode(null)).isEmpty();
    }

    @Test
    void attributesAreKept() {
        List<Link> links = List.of(new Link("alternate", "http://x/a.pdf",
                Map.of("type", "application/pdf", "hash", "md5:00 sha-256:11")), new Link("via", "http://x/"));

        assertThat(LinkCodec.decode(LinkCodec.encode(links))).isEqualTo(links);
    }

    @Property
    void anyTextRoundTrips(@ForAll String rel, @ForAll String href, @ForAll String key, @ForAll String value) {
        List<Link> links = List.of(new Link(rel, href, Map.of(key, value)), new Link("x", "y"));

        assertThat(LinkCodec.decode(LinkCodec.encode(links))).isEqualTo(links);
    }
}
