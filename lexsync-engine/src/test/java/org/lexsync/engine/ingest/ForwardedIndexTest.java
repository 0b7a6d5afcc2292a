package org.lexsync.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.documentgroup.Operation;

/** The outbox's record of what each group was last forwarded as. */
class ForwardedIndexTest {
    static final String ID = "5f0c2a3e-0000-3000-8000-000000000001";

    @TempDir
    Path dir;

    @Test
    void theLastOperationOfAGroupWinsAcrossReopening() {
        ForwardedIndex index = ForwardedIndex.open(dir);
        assertThat(index.last(ID)).isNull();
        index.record(ID, Operation.ADD);
        index.record(ID, Operation.DEL);

        ForwardedIndex again = ForwardedIndex.open(dir);

        assertThat(again.last(ID)).isEqualTo(Operation.DEL);
        assertThat(again.held(ID)).isFalse();
    }

    @Test
    void aTornLastLineIsSkipped() throws Exception {
        Files.writeString(dir.resolve(ForwardedIndex.FILE), ID + " Upd\n" + "5f0c2a3e-0000-3000", StandardCharsets.UTF_8);

        ForwardedIndex index = ForwardedIndex.open(dir);

        assertThat(index.held(ID)).isTrue();
        assertThat(index.last("5f0c2a3e-0000-3000")).isNull();
    }
}
