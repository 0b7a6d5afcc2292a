package org.lexsync.engine.apply;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.lexsync.core.checksum.Digests;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * A file store in a test's directory and a fetcher that never waits, for apply tests whose changes carry their bytes
 * (nothing is fetched): the set-up the applier's own tests share.
 */
final class LocalApplySetup implements AutoCloseable {
    final Store store;
    final Fetcher fetcher;

    LocalApplySetup(Path dir) {
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(1, Duration.ZERO))
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    /** A created resource of {@code source} whose one primary representation is {@code text} as HTML. */
    static PlannedChange.Builder created(String source, String uri, String text) {
        return PlannedChange.builder(source, uri, ChangeKind.CREATED).representations(List.of(
                PlannedRepresentation.bytes(text.getBytes(StandardCharsets.UTF_8), null, RepresentationRole.PRIMARY,
                        Digests.NONE, "text/html")));
    }

    @Override
    public void close() {
        fetcher.close();
        store.close();
    }
}
