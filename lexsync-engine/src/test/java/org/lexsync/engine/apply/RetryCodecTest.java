package org.lexsync.engine.apply;

import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;

class RetryCodecTest {

    @Test
    void aChangeWithEveryFieldReadsBackAsAnUnorderedChangeWithoutCheckpoint() {
        PlannedRepresentation pdf = new PlannedRepresentation(URI.create("https://x.example/a%20b.pdf?x=1&y=2"), null,
                RepresentationRole.ALTERNATE, Digests.parse("md5:1B2M2Y8AsgTpgAmY7PhCfg== sha-256:abc"), 42L,
                "application/pdf", List.of(new Link("describedby", "https://x.example/m\tx", Map.of("type", "a=b\nc"))));
        PlannedChange c = PlannedChange.builder("s", "https://x.example/a", ChangeKind.UPDATED)
                .sourceTimestamp(W3cDateTimes.parseOrNull("2021-03-01T00:50:00.123456Z")).representations(List.of(pdf))
                .links(List.of(new Link("alternate", "https://x.example/a.html", Map.of()))).title("Title = with\ttab")
                .checkpoint("cp-1").build();

        PlannedChange back = RetryCodec.decode("s", RetryCodec.encode(c));

        assertThat(back).isEqualTo(PlannedChange.builder("s", c.resourceUri(), c.kind()).sourceTimestamp(c.sourceTimestamp())
                .representations(c.representations()).links(c.links()).title(c.title()).unordered(true).build());
    }

    @Test
    void bytesAPlannerFetchedOrUnpackedItselfAreNotStored() {
        PlannedChange c = PlannedChange.upsert("s", "https://x.example/r", ChangeKind.CREATED, null,
                List.of(PlannedRepresentation.bytes(new byte[] {1, 2}, URI.create("https://x.example/r"),
                        RepresentationRole.PRIMARY, Digests.NONE, "text/plain")), "cp");

        assertThat(RetryCodec.encode(c)).isNull();
    }

    @Test
    void aChangeThatNeedsRequestHeadersIsNotStored() {
        PlannedChange c = PlannedChange.upsert("s", "https://x.example/r", ChangeKind.CREATED, null,
                List.of(PlannedRepresentation.fetch(URI.create("https://x.example/r"), RepresentationRole.PRIMARY,
                        null, null, null).withHeaders(Map.of("Authorization", "Bearer t"))), "cp");

        assertThat(RetryCodec.encode(c)).isNull();
    }

    @Test
    void aDeleteReadsBack() {
        PlannedChange d = PlannedChange.delete("s", "https://x.example/gone", null, "cp");

        assertThat(RetryCodec.decode("s", RetryCodec.encode(d)).kind()).isEqualTo(ChangeKind.DELETED);
    }
}
