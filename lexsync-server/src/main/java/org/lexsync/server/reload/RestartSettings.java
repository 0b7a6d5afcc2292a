package org.lexsync.server.reload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.lexsync.engine.model.ServerSettings;

/**
 * The {@code server:} settings a reload cannot put in force (the listener, the scheduler's threads and the ingestion
 * service are set up at start): a reload that changes one is refused, naming them, rather than reported as done while
 * the old value still holds. Tokens and {@code open-reads} are not among them: they take effect on reload.
 */
final class RestartSettings {
    private RestartSettings() {
    }

    /** The keys of the settings that differ between the two files' {@code server:} sections and need a restart. */
    static List<String> changed(ServerSettings before, ServerSettings next) {
        List<String> keys = new ArrayList<>();
        if (before.port() != next.port()) {
            keys.add("server.port");
        }
        if (!before.bind().equals(next.bind())) {
            keys.add("server.bind");
        }
        if (before.maxConcurrentRuns() != next.maxConcurrentRuns()) {
            keys.add("server.max-concurrent-runs");
        }
        if (before.ingest().maxUploadBytes() != next.ingest().maxUploadBytes()) {
            keys.add("server.ingest-max-bytes");
        }
        if (!Objects.equals(before.ingest().soap(), next.ingest().soap())) {
            keys.add("server.soap");
        }
        if (!before.cluster().equals(next.cluster())) {
            keys.add("cluster");
        }
        return keys;
    }
}
