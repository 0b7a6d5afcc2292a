package org.lexsync.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.lexsync.core.documentgroup.Operation;
import org.lexsync.engine.model.ChangeKind;

/** The rules by which a crawl's changes become EUCases document groups (D2.1 §3.2, Appendix I). */
class GroupForwarderTest {
    @Test
    void aGuidIsTheSameForTheSameSourceAndUrlAcrossRuns() {
        String a = GroupForwarder.uuid("portal https://p.example/act/1");
        assertThat(GroupForwarder.uuid("portal https://p.example/act/1")).isEqualTo(a);
        assertThat(GroupForwarder.uuid("other https://p.example/act/1")).isNotEqualTo(a);
        assertThat(a).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    }

    @Test
    void insideAnUpdGroupEachDocumentSaysWhatHappenedToIt() {
        assertThat(GroupForwarder.documentOp(Operation.UPD, Set.of(ChangeKind.CREATED))).isEqualTo(Operation.ADD);
        assertThat(GroupForwarder.documentOp(Operation.UPD, Set.of(ChangeKind.UPDATED))).isEqualTo(Operation.UPD);
        assertThat(GroupForwarder.documentOp(Operation.UPD, Set.of())).isEqualTo(Operation.NONE);
        assertThat(GroupForwarder.documentOp(Operation.ADD, Set.of())).isEqualTo(Operation.ADD);
    }

    @Test
    void theFormatIsTheMediaTypeWithoutParameters() {
        assertThat(GroupForwarder.format("Text/HTML; charset=utf-8")).isEqualTo("text/html");
        assertThat(GroupForwarder.FORMATS).contains("application/pdf").doesNotContain("application/msword");
    }

    @Test
    void aFileNameIsTheUrlsLastSegmentMadeSafe() {
        assertThat(GroupForwarder.fileName("https://p.example/files/2/text.pdf?v=3")).isEqualTo("text.pdf");
        assertThat(GroupForwarder.fileName("https://p.example/act/")).isEqualTo("document");
        assertThat(GroupForwarder.fileName("https://p.example/a/../b%20c")).isEqualTo("b_20c");
    }
}
