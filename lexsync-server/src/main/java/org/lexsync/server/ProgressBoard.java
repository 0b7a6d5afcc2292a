package org.lexsync.server;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.HarvestListener;

/**
 * The progress of the harvests running in this server, by source: the scheduler hands each harvest the
 * {@link #listener} of its source and {@link #finished ends} it when the harvest returns; the API and the dashboard
 * read {@link #of}. Progress lives in memory on the node that runs the harvest.
 */
public final class ProgressBoard {
    private final Map<String, RunProgress> bySource = new ConcurrentHashMap<>();
    private final Clock clock;

    public ProgressBoard(Clock clock) {
        this.clock = clock;
    }

    /** The progress of the running harvest of {@code sourceId}, empty when none runs here. */
    public Optional<RunProgress> of(String sourceId) {
        return Optional.ofNullable(bySource.get(sourceId));
    }

    /**
     * The progress of the running harvest of {@code sourceId}, given that its run record in the store counts
     * {@code doneInStore} items: the applier books its progress a batch late, the run record at each commit, so the
     * larger of the two is what is done, and a larger count than last seen is an advance now.
     */
    public Optional<RunProgress> of(String sourceId, long doneInStore) {
        return Optional.ofNullable(bySource.computeIfPresent(sourceId, (k, p) -> doneInStore <= p.committed() ? p
                : new RunProgress(k, "fetching and committing", doneInStore, Math.max(p.planned(), doneInStore),
                p.expected(), p.failed(), p.documents(), p.documentBytes(), p.started(), clock.instant())));
    }

    /** Starts the progress of a harvest of {@code sourceId}; the listener to give that harvest. */
    public HarvestListener listener(String sourceId) {
        var now = clock.instant();
        bySource.put(sourceId, new RunProgress(sourceId, "reading lists", 0, 0, null, 0, 0, 0, now, now));
        return new HarvestListener() {
            @Override
            public void documentRead(java.net.URI url, long bytes) {
                bySource.computeIfPresent(sourceId, (k, p) -> new RunProgress(k, p.phase(), p.committed(), p.planned(),
                        p.expected(), p.failed(), p.documents() + 1, p.documentBytes() + Math.max(0, bytes),
                        p.started(), clock.instant()));
            }

            @Override
            public void expected(long changes) {
                bySource.computeIfPresent(sourceId, (k, p) -> new RunProgress(k, p.phase(), p.committed(), p.planned(),
                        changes, p.failed(), p.documents(), p.documentBytes(), p.started(), p.lastAdvance()));
            }

            @Override
            public void applied(ApplyProgress a) {
                bySource.computeIfPresent(sourceId, (k, p) -> new RunProgress(k, "fetching and committing",
                        Math.max(a.committed(), p.committed()), Math.max(a.planned(), p.planned()), p.expected(),
                        a.counts().failed(), p.documents(), p.documentBytes(), p.started(),
                        a.committed() > p.committed() || a.planned() > p.planned() ? clock.instant()
                        : p.lastAdvance()));
            }
        };
    }

    /** Ends the progress of the harvest of {@code sourceId}. */
    public void finished(String sourceId) {
        bySource.remove(sourceId);
    }
}
