package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/** The position index of each scope, extended as the journal grows, answers as one built from scratch. */
class JournalViewTest {
    private static final int STEP = 8;

    @TempDir
    Path dir;

    @Test
    void aScopeExtendedAsTheJournalGrowsFindsEveryRowAsAFreshOne() {
        try (Store store = Store.open(StoreConfig.of(dir))) {
            JournalView growing = new JournalView(store.journal(), STEP);
            int n = 0;
            for (int batch = 1; batch <= 9; batch++) {
                List<ResourceWrite> writes = new ArrayList<>();
                for (int i = 0; i < batch * 3; i++) {
                    writes.add(TestWrites.write("http://x/" + n++));
                }
                store.commit(new CommitBatch(batch % 3 == 0 ? "b" : "a", null, writes, null, null));
                for (String scope : new String[] {null, "a", "b"}) {
                    JournalView.Scope extended = growing.at(scope);
                    JournalView.Scope fresh = new JournalView(store.journal(), STEP).at(scope);
                    assertThat(extended.count()).isEqualTo(fresh.count());
                    for (long p = -1; p <= fresh.count(); p++) {
                        assertThat(extended.seqAt(p)).as("scope %s position %d", scope, p).isEqualTo(fresh.seqAt(p));
                    }
                }
            }
            assertThat(growing.at(null).count()).isEqualTo(n);
            assertThat(growing.at(null)).isSameAs(growing.at(null));   // unchanged journal: the same snapshot
        }
    }
}
