package org.lexsync.server.reload;

import io.javalin.config.RoutesConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Source;
import org.lexsync.server.ApiError;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a changed {@code lexsync.yaml} in force without a restart: the file is looked at every {@link #DEFAULT_POLL}
 * (its modification time and size; editors that replace the file are seen too) and {@code POST /api/reload} (admin
 * token) reloads at once. Sources added, removed, re-scheduled, approved or unapproved take effect through the
 * scheduler; a file the reader refuses is reported with its file:line:key message and the configuration in force
 * stays. Listening address, tokens and other {@code server:} settings need a restart.
 */
public final class ConfigReload implements ServerFeature {
    /** How often the file is looked at. */
    public static final Duration DEFAULT_POLL = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(ConfigReload.class);

    private final ServerContext context;
    private final Duration poll;
    private volatile boolean closed;
    private @Nullable Thread watcher;
    private @Nullable Stamp seen;
    private @Nullable String lastRefusal;

    public ConfigReload(ServerContext context) {
        this(context, DEFAULT_POLL);
    }

    public ConfigReload(ServerContext context, Duration poll) {
        this.context = Objects.requireNonNull(context, "context");
        this.poll = Objects.requireNonNull(poll, "poll");
    }

    /** What a reload did: the sources in force and what changed. */
    public record Outcome(String file, int sources, int approved, List<String> added, List<String> removed,
                          List<String> changed) {
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.post("/api/reload", ctx -> {
            context.access().require(ctx, AccessToken.Role.ADMIN);
            try {
                ctx.json(reload());
            } catch (ConfigException e) {
                throw new ApiError(400, "configuration refused, the running one stays in force: " + e.getMessage());
            }
        });
    }

    @Override
    public synchronized void start() {
        seen = stamp(context.configuration().file());
        watcher = Thread.ofPlatform().daemon().name("lexsync-config-watch").start(this::watch);
    }

    /**
     * Reads the file again and puts it in force.
     *
     * @throws ConfigException naming file, line and key when the reader refuses it (nothing changes then)
     */
    public synchronized Outcome reload() {
        Configuration before = context.configuration();
        Path file = before.file();
        seen = stamp(file);
        Configuration next = LexSync.readConfiguration(file);
        List<String> added = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        Map<String, Source> old = new LinkedHashMap<>();
        before.sources().forEach(s -> old.put(s.id(), s));
        for (Source s : next.sources()) {
            Source was = old.remove(s.id());
            if (was == null) {
                added.add(s.id());
            } else if (!was.equals(s)) {
                changed.add(s.id());
            }
        }
        context.replaceConfiguration(next);
        lastRefusal = null;
        if (!next.server().equals(before.server())) {
            LOG.warn("the server: section of {} changed; port, bind, tokens and the other server settings take effect"
                    + " at the next start", file);
        }
        Outcome outcome = new Outcome(file.toString(), next.sources().size(), next.approved().size(), added,
                List.copyOf(old.keySet()), changed);
        LOG.info("configuration {} reloaded: {} sources ({} approved); added {}, removed {}, changed {}", file,
                outcome.sources(), outcome.approved(), added, outcome.removed(), changed);
        return outcome;
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(poll.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            Path file = context.configuration().file();
            Stamp now = stamp(file);
            synchronized (this) {
                if (closed || now == null || now.equals(seen)) {
                    continue;
                }
            }
            try {
                reload();
            } catch (ConfigException e) {
                synchronized (this) {
                    seen = now;
                    if (!e.getMessage().equals(lastRefusal)) {
                        lastRefusal = e.getMessage();
                        LOG.warn("configuration refused, the running one stays in force: {}", e.getMessage());
                    }
                }
            } catch (RuntimeException e) {
                LOG.warn("configuration reload failed: {}", e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        Thread t = watcher;
        if (t != null) {
            t.interrupt();
        }
    }

    /** The file's modification time and size; null when it cannot be read. */
    private static @Nullable Stamp stamp(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(a.lastModifiedTime().toMillis(), a.size());
        } catch (IOException e) {
            return null;
        }
    }

    private record Stamp(long modified, long size) {
    }
}
