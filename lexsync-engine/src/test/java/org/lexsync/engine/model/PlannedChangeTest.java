package org.lexsync.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;

/** A planned change is built with a builder and checked when built. */
class PlannedChangeTest {

    @Test
    void theBuilderSetsWhatIsGivenAndDefaultsTheRest() {
        PlannedChange c = PlannedChange.builder("s", "https://example.org/a", ChangeKind.UPDATED)
                .sourceTimestamp(W3cDateTimes.parseOrNull("2024-05-01")).title("Act A").checkpoint("cp-1").build();
        assertThat(c.title()).isEqualTo("Act A");
        assertThat(c.checkpoint()).isEqualTo("cp-1");
        assertThat(c.representations()).isEmpty();
        assertThat(c.links()).isEmpty();
        assertThat(c.unordered()).isFalse();
        assertThat(c.failure()).isNull();
        assertThat(c.asUnordered().unordered()).isTrue();
    }

    @Test
    void aDeleteWithFilesToFetchIsRefused() {
        PlannedRepresentation file = PlannedRepresentation.fetch(URI.create("https://example.org/a"),
                RepresentationRole.PRIMARY, Digests.NONE, null, null);
        assertThatThrownBy(() -> PlannedChange.builder("s", "https://example.org/a", ChangeKind.DELETED)
                .representations(List.of(file)).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("https://example.org/a");
    }

    @Test
    void aPlannedFailureMustNameTheSameResource() {
        ChangeFailure other = new ChangeFailure("https://example.org/b", null, "unreadable", "cut short", 0, null);
        assertThatThrownBy(() -> PlannedChange.builder("s", "https://example.org/a", ChangeKind.CREATED)
                .failure(other).build()).isInstanceOf(IllegalArgumentException.class);
    }
}
