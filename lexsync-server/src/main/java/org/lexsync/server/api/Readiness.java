package org.lexsync.server.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.lexsync.engine.LexSync;
import org.lexsync.server.ServerContext;

/**
 * {@code GET /readyz}: whether this node can do its work — the database answers, the data directory can be written,
 * the scheduler is running. Each check is named with what failed, so a load balancer's log says why.
 */
record Readiness(boolean ready, Map<String, String> checks) {
    static Readiness check(LexSync lexsync, ServerContext context) {
        Map<String, String> checks = new LinkedHashMap<>();
        boolean ok = true;
        try {
            lexsync.lastSeq();
            checks.put("database", "ok");
        } catch (RuntimeException e) {
            checks.put("database", "unreachable: " + e.getMessage());
            ok = false;
        }
        Path dir = lexsync.dataDirectory();
        try {
            Path probe = Files.createTempFile(Files.createDirectories(dir.resolve("tmp")), "readyz-", ".probe");
            Files.delete(probe);
            checks.put("dataDirectory", "ok");
        } catch (IOException | RuntimeException e) {
            checks.put("dataDirectory", "not writable: " + dir.toAbsolutePath() + " (" + e.getMessage() + ")");
            ok = false;
        }
        boolean scheduler;
        try {
            scheduler = context.sourceControl().running();
        } catch (RuntimeException e) {
            scheduler = false;
        }
        checks.put("scheduler", scheduler ? "ok" : "not running");
        return new Readiness(ok && scheduler, checks);
    }
}
