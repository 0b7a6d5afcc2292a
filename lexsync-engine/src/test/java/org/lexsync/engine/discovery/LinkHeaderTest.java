package org.lexsync.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** RFC 8288 §3 link-values as servers write them. */
class LinkHeaderTest {
    @Test
    void severalLinkValuesWithQuotedCommasAndSeveralRelations() {
        List<LinkHeader.Link> links = LinkHeader.parse(
                "<http://a/next>; rel=next, </cl.xml>; title=\"a, b; c\"; REL=\"ResourceSync describedby\"");

        assertThat(links).extracting(LinkHeader.Link::target).containsExactly("http://a/next", "/cl.xml");
        assertThat(links.get(1).rels()).containsExactly("resourcesync", "describedby");
    }

    @Test
    void onlyTheFirstRelParameterCountsAndGarbageIsSkipped_3_3() {
        List<LinkHeader.Link> links = LinkHeader.parse("garbage, <x>; rel=a; rel=b, <y");

        assertThat(links).hasSize(1);
        assertThat(links.get(0).rels()).containsExactly("a");
    }
}
