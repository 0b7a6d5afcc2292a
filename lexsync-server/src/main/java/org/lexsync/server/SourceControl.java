package org.lexsync.server;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The scheduler as the rest of the server sees it: each configured source's {@link SourceActivity}, and the
 * operator's commands. Implemented by the scheduling feature; the REST API, the ping endpoint and the dashboard
 * use only this.
 */
public interface SourceControl {
    /** The source's activity, or empty when no configured source has this id. */
    Optional<SourceActivity> activity(String sourceId);

    /** The activity of every configured source, by one look at the scheduler (for overviews of many sources). */
    List<SourceActivity> activities();

    /** The progress of the source's harvest running on this node, empty when none runs here. */
    default Optional<RunProgress> progress(String sourceId) {
        return Optional.empty();
    }

    /** True while the scheduler takes work (for {@code /readyz}). */
    boolean running();

    /**
     * Why the scheduler does not look for due work although it runs — its last look is older than a few polling
     * intervals while it has a free thread — or empty when it polls (for {@code /readyz}).
     */
    default Optional<String> notPolling(Instant now) {
        return Optional.empty();
    }

    /**
     * Asks for a run of the source now. Coalesced with a run already queued or running (answers false then).
     *
     * @throws ApiError 404 for an unknown source, 409 for a paused one
     */
    boolean runNow(String sourceId);

    /**
     * Stops scheduling the source (a running harvest finishes); 404 for an unknown source. The pause is kept by source
     * id in the store: it holds across reloads that remove and add the source back, restarts and nodes.
     */
    void pause(String sourceId);

    /** Schedules a paused source again; 404 for an unknown source. */
    void resume(String sourceId);
}
