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
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.ApiError;
import org.lexsync.server.ReloadStatus;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a changed {@code lexsync.yaml} in force without a restart: the file is looked at every {@link #DEFAULT_POLL}
 * (its modification time and size; editors that replace the file are seen too) and {@code POST /api/reload} (admin
 * token) reloads at once. Sources added, removed, re-scheduled, approved or unapproved take effect through the
 * scheduler; tokens and {@code open-reads} from the next request on. A file that cannot be put in force is refused
 * with its file:line:key message and the configuration in force stays: one the reader refuses, an empty one (read
 * again once after {@link #DEFAULT_SETTLE}, as an editor may be between truncating and writing it), one that would
 * remove every source (unless {@code ?allow-empty=true}), one changing a setting that needs a restart
 * ({@link RestartSettings}). Each refusal is logged and kept in the {@link ReloadStatus} the dashboard and the metrics
 * show.
 */
public final class ConfigReload implements ServerFeature {
    /** How often the file is looked at. */
    public static final Duration DEFAULT_POLL = Duration.ofSeconds(1);
    /** How long a file that is empty or cannot be read is given before it is read once more and refused. */
    public static final Duration DEFAULT_SETTLE = Duration.ofMillis(300);
    private static final Logger LOG = LoggerFactory.getLogger(ConfigReload.class);

    private final ServerContext context;
    private final Duration poll;
    private final Duration settle;
    private volatile boolean closed;
    private @Nullable Thread watcher;
    private @Nullable Stamp seen;
    private @Nullable String lastRefusal;

    public ConfigReload(ServerContext context) {
        this(context, DEFAULT_POLL);
    }

    public ConfigReload(ServerContext context, Duration poll) {
        this(context, poll, DEFAULT_SETTLE);
    }

    public ConfigReload(ServerContext context, Duration poll, Duration settle) {
        this.context = Objects.requireNonNull(context, "context");
        this.poll = Objects.requireNonNull(poll, "poll");
        this.settle = Objects.requireNonNull(settle, "settle");
    }

    /** What a reload did: the sources in force and what changed. */
    public record Outcome(String file, int sources, int approved, List<String> added, List<String> removed,
                          List<String> changed) {
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.post("/api/reload", ctx -> {
            context.access().require(ctx, AccessToken.Role.ADMIN);
            String allow = ctx.queryParam("allow-empty");
            if (allow != null && !allow.equals("true") && !allow.equals("false")) {
                throw ApiError.badRequest("allow-empty must be true or false, was '" + allow + "'");
            }
            try {
                ctx.json(reload("true".equals(allow)));
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
     * Reads the file again and puts it in force; a file listing no sources is refused while sources are in force.
     *
     * @throws ConfigException naming file, line and key when it is refused (nothing changes then)
     */
    public Outcome reload() {
        return reload(false);
    }

    /**
     * Reads the file again and puts it in force; with {@code allowEmpty} a file listing no sources is put in force
     * too (an empty file never is).
     *
     * @throws ConfigException naming file, line and key when it is refused (nothing changes then)
     */
    public synchronized Outcome reload(boolean allowEmpty) {
        Configuration before = context.configuration();
        Path file = before.file();
        ReloadStatus status = context.reloadStatus();
        try {
            Configuration next = readSettled(file);
            ReloadGuard.check(before, next, allowEmpty);
            Outcome outcome = putInForce(before, next);
            status.succeeded(context.clock().instant());
            lastRefusal = null;
            return outcome;
        } catch (ConfigException e) {
            status.refused(e, context.clock().instant());
            if (!e.getMessage().equals(lastRefusal)) {
                lastRefusal = e.getMessage();
                LOG.warn("configuration refused, the running one stays in force: {}", e.getMessage());
            }
            throw e;
        }
    }

    private Outcome putInForce(Configuration before, Configuration next) {
        Path file = next.file();
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
        ServerSettings settings = context.settings().withTokens(next.server().tokens())
                .withOpenReads(next.server().openReads());
        context.replaceConfiguration(next, settings);
        if (!next.server().equals(before.server())) {
            LOG.info("the server: section of {} changed: tokens and open-reads are in force", file);
        }
        Outcome outcome = new Outcome(file.toString(), next.sources().size(), next.approved().size(), added,
                List.copyOf(old.keySet()), changed);
        LOG.info("configuration {} reloaded: {} sources ({} approved); added {}, removed {}, changed {}", file,
                outcome.sources(), outcome.approved(), added, outcome.removed(), changed);
        return outcome;
    }

    /**
     * The file as read; a file that is empty or refused by the reader is read once more after {@link #settle}, as an
     * editor may be between truncating and writing it.
     */
    private Configuration readSettled(Path file) {
        seen = stamp(file);
        try {
            return readOnce(file);
        } catch (ConfigException first) {
            try {
                Thread.sleep(settle.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw first;
            }
            seen = stamp(file);
            return readOnce(file);
        }
    }

    private static Configuration readOnce(Path file) {
        if (blank(file)) {
            throw ReloadGuard.empty(file);
        }
        return LexSync.readConfiguration(file);
    }

    /** True when the file exists and holds nothing but white space. */
    private static boolean blank(Path file) {
        try {
            return Files.size(file) == 0 || Files.readString(file, java.nio.charset.StandardCharsets.UTF_8).isBlank();
        } catch (IOException | RuntimeException e) {
            return false; // the reader names what is wrong with it
        }
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
                reload(false);
            } catch (ConfigException e) {
                // logged once per refusal and kept in the ReloadStatus by reload()
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
