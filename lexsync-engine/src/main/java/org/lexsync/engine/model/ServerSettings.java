package org.lexsync.engine.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code server:} section of {@code lexsync.yaml} (docs/architecture.md, "The server"): where {@code lexsync serve}
 * listens, the bearer tokens it accepts, whether reading the API needs a token, how many harvests run at once, and
 * the free space below which {@code /readyz} says the store cannot take a write ({@code min-free-space}).
 * Command-line flags override these values ({@code with…}).
 */
public record ServerSettings(int port, String bind, List<AccessToken> tokens, boolean openReads, int maxConcurrentRuns,
                             IngestSettings ingest, long minFreeBytes, ClusterSettings cluster) {
    /** Port when neither file nor flag gives one. */
    public static final int DEFAULT_PORT = 8080;
    /** Loopback unless told otherwise: a harvester's API is not for the open network by default. */
    public static final String DEFAULT_BIND = "127.0.0.1";
    /** Harvests running together when nothing else is said. */
    public static final int DEFAULT_MAX_CONCURRENT_RUNS = 4;
    /**
     * Free space on the data directory's volume below which the node is not ready: 512 MB, room for a few batches of
     * large documents and SQLite's journal, so the operator hears of a filling disk before a commit fails on it.
     */
    public static final long DEFAULT_MIN_FREE_BYTES = 512L * 1024 * 1024;
    /** The settings of a file without a {@code server:} section. */
    public static final ServerSettings DEFAULTS = new ServerSettings(DEFAULT_PORT, DEFAULT_BIND, List.of(), true,
            DEFAULT_MAX_CONCURRENT_RUNS);

    /** Settings with the ingestion service's defaults ({@link IngestSettings#DEFAULTS}). */
    public ServerSettings(int port, String bind, List<AccessToken> tokens, boolean openReads, int maxConcurrentRuns) {
        this(port, bind, tokens, openReads, maxConcurrentRuns, IngestSettings.DEFAULTS);
    }

    /** Settings with the default free-space floor ({@link #DEFAULT_MIN_FREE_BYTES}). */
    public ServerSettings(int port, String bind, List<AccessToken> tokens, boolean openReads, int maxConcurrentRuns,
                          IngestSettings ingest) {
        this(port, bind, tokens, openReads, maxConcurrentRuns, ingest, DEFAULT_MIN_FREE_BYTES);
    }

    /** Settings with the cluster's default failover timing ({@link ClusterSettings#DEFAULTS}). */
    public ServerSettings(int port, String bind, List<AccessToken> tokens, boolean openReads, int maxConcurrentRuns,
                          IngestSettings ingest, long minFreeBytes) {
        this(port, bind, tokens, openReads, maxConcurrentRuns, ingest, minFreeBytes, ClusterSettings.DEFAULTS);
    }

    public ServerSettings {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(ingest, "ingest");
        tokens = List.copyOf(tokens);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0 to 65535 (0: any free port), was " + port);
        }
        if (maxConcurrentRuns < 1) {
            throw new IllegalArgumentException("max concurrent runs must be at least 1, was " + maxConcurrentRuns);
        }
        if (minFreeBytes < 0) {
            throw new IllegalArgumentException("min free space must be 0 or more bytes, was " + minFreeBytes);
        }
    }

    /** The token whose secret is {@code presented}, if any (every token is compared, in constant time each). */
    public Optional<AccessToken> token(String presented) {
        AccessToken found = null;
        for (AccessToken t : tokens) {
            if (t.matches(presented) && found == null) {
                found = t;
            }
        }
        return Optional.ofNullable(found);
    }

    public ServerSettings withPort(int value) {
        return new ServerSettings(value, bind, tokens, openReads, maxConcurrentRuns, ingest, minFreeBytes, cluster);
    }

    public ServerSettings withBind(String value) {
        return new ServerSettings(port, value, tokens, openReads, maxConcurrentRuns, ingest, minFreeBytes, cluster);
    }

    public ServerSettings withMaxConcurrentRuns(int value) {
        return new ServerSettings(port, bind, tokens, openReads, value, ingest, minFreeBytes, cluster);
    }

    public ServerSettings withTokens(List<AccessToken> value) {
        return new ServerSettings(port, bind, value, openReads, maxConcurrentRuns, ingest, minFreeBytes, cluster);
    }

    /** The ingestion service's settings (upload cap, SOAP crawlers). */
    public ServerSettings withIngest(IngestSettings value) {
        return new ServerSettings(port, bind, tokens, openReads, maxConcurrentRuns, value, minFreeBytes, cluster);
    }

    public ServerSettings withOpenReads(boolean value) {
        return new ServerSettings(port, bind, tokens, value, maxConcurrentRuns, ingest, minFreeBytes, cluster);
    }

    /** The free space below which {@code /readyz} answers 503 (0: no floor; a full disk still does). */
    public ServerSettings withMinFreeBytes(long value) {
        return new ServerSettings(port, bind, tokens, openReads, maxConcurrentRuns, ingest, value, cluster);
    }

    /** The failover timing and this node's advertised address (the {@code cluster:} section). */
    public ServerSettings withCluster(ClusterSettings value) {
        return new ServerSettings(port, bind, tokens, openReads, maxConcurrentRuns, ingest, minFreeBytes, value);
    }
}
