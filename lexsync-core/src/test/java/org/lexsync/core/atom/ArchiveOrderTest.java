package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.lexsync.core.findings.Finding;
import org.junit.jupiter.api.Test;

/** rinfo §8.3: chronology across the documents of an archived feed, walked newest document first. */
class ArchiveOrderTest {

    private static ArchiveOrder walk(String... fixtures) {
        ArchiveOrder order = new ArchiveOrder();
        for (String f : fixtures) {
            order.startPage(f);
            for (FeedItem item : Fixtures.read(f, "https://www.statensarkiv.se/rafs/feed/" + f).items()) {
                order.item(item);
            }
        }
        return order;
    }

    @Test
    void olderArchiveWithOlderItemsIsInOrder() {
        assertThat(walk("realworld/subscription-2009.atom", "realworld/archive-2008.atom").findings().isEmpty()).isTrue();
    }

    @Test
    void archiveItemNewerThanTheNewerDocumentIsAnError() {
        Finding f = walk("realworld/subscription-2009.atom", "realworld/archive-2008-out-of-order.atom").findings()
                .list().get(0);
        assertThat(f.rule()).isEqualTo("rinfo:8.3/archive-order");
        assertThat(f.line()).isEqualTo(11);
        assertThat(f.message()).contains("2008:2").contains("subscription-2009.atom");
    }

    @Test
    void documentsWithAnotherFeedIdAreAnError() { // rinfo §7.1 item 1
        ArchiveOrder order = new ArchiveOrder();
        order.startPage("a", Fixtures.read("realworld/subscription-2009.atom", "http://x/a").feed());
        order.startPage("b", Fixtures.read("realworld/tombstones.atom", "http://x/b").feed());
        assertThat(order.findings().list()).extracting(Finding::rule).containsExactly("rinfo:7.1/feed-id");
    }

    @Test
    void documentsOfOneFeedShareItsId() { // rinfo §7.1 item 1
        ArchiveOrder order = new ArchiveOrder();
        order.startPage("a", Fixtures.read("realworld/subscription-2009.atom", "http://x/a").feed());
        order.startPage("b", Fixtures.read("realworld/archive-2008.atom", "http://x/b").feed());
        assertThat(order.findings().isEmpty()).isTrue();
    }

    @Test
    void orderInsideOneDocumentIsFree() { // rinfo §7.1 item 6
        ArchiveOrder order = new ArchiveOrder().startPage("one");
        order.item(DeletedEntry.of("urn:a", AtomDate.parse("2020-01-01T00:00:00Z")));
        order.item(DeletedEntry.of("urn:b", AtomDate.parse("2021-01-01T00:00:00Z")));
        assertThat(order.findings().isEmpty()).isTrue();
    }

    @Test
    void itemsBeforeAPageAreRefused() {
        assertThatThrownBy(() -> new ArchiveOrder().item(DeletedEntry.of("urn:a", AtomDate.parse("2020-01-01T00:00:00Z"))))
                .isInstanceOf(IllegalStateException.class);
    }
}
