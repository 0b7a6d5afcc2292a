package org.lexsync.server.nodes;

import io.javalin.config.RoutesConfig;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.Operations;
import org.lexsync.engine.model.ClusterSettings;
import org.lexsync.engine.model.NodeStatus;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node in the store's node table (issue 32): it writes its row when the server starts and at every
 * {@code cluster.heartbeat}, removes it on a clean stop, and answers {@code GET /api/nodes} with every node sharing the
 * store (id, address, version, started, heartbeat age, stale, the sources and runs it holds). A node killed without
 * stopping keeps its row and goes stale after {@code cluster.heartbeat × cluster.missed-heartbeats}.
 */
public final class NodesFeature implements ServerFeature {
    private static final Logger LOG = LoggerFactory.getLogger(NodesFeature.class);

    private final ServerContext context;
    private final Instant started;
    private @Nullable ScheduledExecutorService beats;
    /** Beats failed in a row; one beat runs at a time (start's first, then the beat thread's). */
    private int failedBeats;

    public NodesFeature(ServerContext context) {
        this.context = context;
        this.started = context.clock().instant();
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.get("/api/nodes", ctx -> {
            context.access().requireRead(ctx);
            Instant now = context.clock().instant();
            Duration deadAfter = context.settings().cluster().deadAfter();
            List<NodeView> nodes = context.lexsync().operations().nodes().stream().map(n -> NodeView.of(n, now, deadAfter)).toList();
            ctx.json(new NodesView(Operations.nodeId(), deadAfter.toMillis() / 1000.0, nodes));
        });
    }

    @Override
    public synchronized void start() {
        if (beats != null || context.lexsync().operations().readOnly()) {
            return;
        }
        ClusterSettings cluster = context.settings().cluster();
        beats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lexsync-node-heartbeat");
            t.setDaemon(true);
            return t;
        });
        beat();
        long every = cluster.heartbeat().toMillis();
        beats.scheduleAtFixedRate(this::beat, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Writes this node's row; the next beat tries again after a failure (the database away, a full disk). A run of
     * failures is logged once when it starts and once when a beat gets through, not every beat: an hour's outage at
     * the default beat would otherwise write 1,800 lines. The beats between are at debug level.
     */
    private void beat() {
        try {
            context.lexsync().operations().nodeHeartbeat(address(), started);
            if (failedBeats > 0) {
                LOG.info("this node's heartbeat is written again, after {} failed beats", failedBeats);
                failedBeats = 0;
            }
        } catch (RuntimeException e) {
            if (failedBeats++ == 0) {
                LOG.warn("cannot write this node's heartbeat (said once until a beat gets through): {}",
                        e.getMessage());
            } else {
                LOG.debug("cannot write this node's heartbeat: {}", e.getMessage());
            }
        }
    }

    /** The address others reach this node at: {@code cluster.address}, else where it listens. */
    private String address() {
        String configured = context.settings().cluster().address();
        if (configured != null) {
            return configured;
        }
        URI listening = context.listening();
        return listening == null ? "" : listening.toString();
    }

    @Override
    public synchronized void close() {
        if (beats == null) {
            return;
        }
        beats.shutdownNow();
        beats = null;
        try {
            context.lexsync().operations().nodeLeft();
        } catch (RuntimeException e) {
            LOG.warn("cannot remove this node from the node table: {}", e.getMessage());
        }
    }

    /** The answer of {@code /api/nodes}, its keys in this order. */
    record NodesView(String self, double staleAfterSeconds, List<NodeView> nodes) {
    }

    /** One node as {@code /api/nodes} shows it. */
    record NodeView(String id, String address, String version, String started, String heartbeat,
                    double heartbeatAgeSeconds, boolean stale, List<String> sources, List<Long> runs) {
        static NodeView of(NodeStatus n, Instant now, Duration deadAfter) {
            return new NodeView(n.id(), n.address(), n.version(), n.started().toString(), n.heartbeat().toString(),
                    n.heartbeatAge(now).toMillis() / 1000.0, n.stale(now, deadAfter), n.sources(), n.runs());
        }
    }
}
