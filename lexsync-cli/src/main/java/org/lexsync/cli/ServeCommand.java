package org.lexsync.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ClusterSettings;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.standard.StandardFeatures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lexsync serve}: the always-on aggregator (docs/architecture.md, "The server"). Starts the server over the
 * store with the sources of {@code lexsync.yaml}, prints where it listens and runs until SIGTERM or SIGINT: then it
 * stops taking work, lets running harvests commit their batch and stop at a checkpoint, and exits 0. A restart
 * resumes every source where it stopped. A SQLite data directory is served by one process at a time ({@link ServeLock}):
 * a second one exits 2 naming the holder.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Runs the server: scheduled harvests of the approved sources, ping, REST API.")
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Sources and server settings (default: ./lexsync.yaml, else lexsync.yaml in the data directory).")
    Path config;

    @Option(names = "--port", paramLabel = "PORT", description = "Port to listen on (default: server.port, else 8080; 0: any free port).")
    Integer port;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "Address to listen on (default: server.bind, else 127.0.0.1).")
    String bind;

    @Option(names = "--max-concurrent-runs", paramLabel = "N",
            description = "Harvests running at once (default: server.max-concurrent-runs, else 4).")
    Integer maxConcurrentRuns;

    @Option(names = "--heartbeat", paramLabel = "DURATION",
            description = "How often this node beats, e.g. 2s (default: cluster.heartbeat, else 2s).")
    String heartbeat;

    @Option(names = "--missed-heartbeats", paramLabel = "N",
            description = "Beats a node may miss before its runs are revived on another (default: cluster.missed-heartbeats, else 4).")
    Integer missedHeartbeats;

    @Option(names = "--lease", paramLabel = "DURATION",
            description = "A source's lease unless renewed, e.g. 30s (default: LEXSYNC_LEASE_SECONDS, else cluster.lease, else 30s).")
    String lease;

    @Option(names = "--node-address", paramLabel = "URL",
            description = "How other nodes and operators reach this node (default: cluster.address, else the listening address).")
    String nodeAddress;

    @Override
    @SuppressWarnings("try") // the lock is held by being open
    public Integer call() {
        storeOptions.useConfig(config);
        PrintWriter out = spec.commandLine().getOut();
        Configuration configuration = configuration();
        ServerSettings settings = settings(configuration.server());
        CountDownLatch stop = new CountDownLatch(1);
        try (Signals signals = Signals.onTermination(stop::countDown)) {
            try (ServeLock lock = storeOptions.jdbcUrl() == null ? ServeLock.acquire(storeOptions.dataDir()) : null;
                 LexSync lexsync = withLease(storeOptions.builder(), settings.cluster()).build()) {
                LexSyncServer server;
                try {
                    server = StandardFeatures.addTo(LexSyncServer.builder(lexsync).configuration(configuration).settings(settings))
                            .build().start();
                } catch (RuntimeException e) {
                    throw startFailure(e, settings);
                }
                try {
                    out.printf(Locale.ROOT, "lexsync serve: listening on %s (dashboard %s, metrics %smetrics, API"
                            + " %sapi/sources, ping %scollector)%n", server.uri(), server.uri(), server.uri(),
                            server.uri(), server.uri());
                    out.printf(Locale.ROOT, "  %d sources (%d approved) from %s; store %s%n",
                            configuration.sources().size(), configuration.approved().size(),
                            configuration.file().toAbsolutePath(), storeOptions.jdbcUrl() != null
                                    ? storeOptions.jdbcUrl() : storeOptions.dataDir().toAbsolutePath());
                    out.flush();
                    stop.await();
                    out.printf(Locale.ROOT, "lexsync serve: stopping (running harvests stop at their last committed"
                            + " batch)%n");
                    out.flush();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    server.close();
                }
            }
            out.printf(Locale.ROOT, "lexsync serve: stopped%n");
            out.flush();
        }
        return 0;
    }

    /**
     * What a failed start tells the operator: a port that cannot be bound is named as such; a store that fails while
     * a feature starts keeps its own error (exit 4); anything else says the server could not start, and why.
     */
    private static RuntimeException startFailure(RuntimeException e, ServerSettings settings) {
        if (bindFailure(e)) {
            return new Main.UsageException(String.format(Locale.ROOT, "cannot listen on %s:%d: %s",
                    settings.bind(), settings.port(), e.getMessage()));
        }
        if (Main.cause(e, org.lexsync.engine.model.StoreException.class) != null
                || Main.cause(e, org.lexsync.engine.model.RdfStoreException.class) != null) {
            return e;
        }
        return new Main.UsageException("cannot start the server: " + e.getMessage());
    }

    /** True when {@code e} comes from binding the listening socket (Javalin wraps Jetty's {@code BindException}). */
    private static boolean bindFailure(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof java.net.BindException || t.getClass().getSimpleName().contains("BindException")) {
                return true;
            }
        }
        return false;
    }

    /** The configuration file's sources and server section; none when there is no file (reload then reads it). */
    private Configuration configuration() {
        Path file = ConfigFiles.locate(config, storeOptions);
        if (file == null) {
            return new Configuration(Path.of(LexSync.CONFIG_FILE), List.of(), ServerSettings.DEFAULTS);
        }
        if (!Files.isRegularFile(file)) {
            throw new Main.UsageException("no configuration file " + file.toAbsolutePath());
        }
        try {
            return LexSync.readConfiguration(file);
        } catch (ConfigException e) {
            throw new Main.UsageException("configuration error: " + e.getMessage());
        }
    }

    /**
     * The lease of this node's sources: {@code --lease}, else {@code LEXSYNC_LEASE_SECONDS} when set (the tests' and
     * scripts' override, which the facade reads itself), else the file's {@code cluster.lease}.
     */
    private LexSync.Builder withLease(LexSync.Builder b, ClusterSettings cluster) {
        String env = System.getenv("LEXSYNC_LEASE_SECONDS");
        return lease == null && env != null && !env.isBlank() ? b : b.lease(cluster.lease());
    }

    /** The file's server and cluster sections with the flags over them. */
    private ServerSettings settings(ServerSettings s) {
        try {
            if (port != null) {
                s = s.withPort(port);
            }
            if (bind != null) {
                s = s.withBind(bind);
            }
            if (maxConcurrentRuns != null) {
                s = s.withMaxConcurrentRuns(maxConcurrentRuns);
            }
            ClusterSettings c = s.cluster();
            if (heartbeat != null) {
                c = c.withHeartbeat(GiveUpRule.parseDuration(heartbeat));
            }
            if (missedHeartbeats != null) {
                c = c.withMissedHeartbeats(missedHeartbeats);
            }
            if (lease != null) {
                c = c.withLease(GiveUpRule.parseDuration(lease));
            }
            if (nodeAddress != null) {
                c = c.withAddress(nodeAddress);
            }
            return s.withCluster(c);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }
}
