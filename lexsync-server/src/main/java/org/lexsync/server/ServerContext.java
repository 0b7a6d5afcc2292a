package org.lexsync.server;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;

/**
 * What every feature package of the server shares: the engine facade, the configuration in force (replaced as a
 * whole on reload, so a request sees one consistent file), the access rules and the clock.
 */
public final class ServerContext {
    private final LexSync lexsync;
    private final AtomicReference<Configuration> configuration;
    private final AtomicReference<ServerSettings> settings;
    private final Access access;
    private final ReloadStatus reloadStatus;
    private final Clock clock;
    private final List<Consumer<Configuration>> configurationListeners = new CopyOnWriteArrayList<>();
    private volatile @Nullable SourceControl sourceControl;
    private final CheckReports checkReports = new CheckReports();
    private volatile java.net.@Nullable URI listening;

    ServerContext(LexSync lexsync, Configuration configuration, ServerSettings settings, Clock clock) {
        this.lexsync = Objects.requireNonNull(lexsync, "lexsync");
        this.configuration = new AtomicReference<>(Objects.requireNonNull(configuration, "configuration"));
        this.settings = new AtomicReference<>(Objects.requireNonNull(settings, "settings"));
        this.access = new Access(this.settings::get);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.reloadStatus = new ReloadStatus(clock.instant());
    }

    /** Where the server listens, once it does ({@link LexSyncServer#start()}); null before. */
    public java.net.@Nullable URI listening() {
        return listening;
    }

    void listeningAt(java.net.URI uri) {
        this.listening = uri;
    }

    /** The engine. */
    public LexSync lexsync() {
        return lexsync;
    }

    /** The configuration in force (sources and server settings as read from the file). */
    public Configuration configuration() {
        return configuration.get();
    }

    /**
     * Puts a newly read configuration's sources in force and tells the listeners (the scheduler adds, removes and
     * re-schedules sources); the server settings stay.
     */
    public void replaceConfiguration(Configuration next) {
        configuration.set(Objects.requireNonNull(next, "next"));
        for (Consumer<Configuration> l : configurationListeners) {
            l.accept(next);
        }
    }

    /**
     * Puts {@code nextSettings} in force (the access rules read them on every request, so a removed token is refused
     * from the next request on), then the configuration's sources as {@link #replaceConfiguration(Configuration)}.
     */
    public void replaceConfiguration(Configuration next, ServerSettings nextSettings) {
        settings.set(Objects.requireNonNull(nextSettings, "nextSettings"));
        replaceConfiguration(next);
    }

    /** What the reloads of the configuration file did, for the dashboard and the metrics. */
    public ReloadStatus reloadStatus() {
        return reloadStatus;
    }

    /** Calls {@code listener} with every configuration put in force from now on. */
    public void onConfigurationReplaced(Consumer<Configuration> listener) {
        configurationListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Makes {@code control} the scheduler every feature reaches through {@link #sourceControl()} (set once). */
    public synchronized void provideSourceControl(SourceControl control) {
        if (sourceControl != null) {
            throw new IllegalStateException("a SourceControl is already provided");
        }
        sourceControl = Objects.requireNonNull(control, "control");
    }

    /**
     * The scheduler as the API, the ping endpoint and the dashboard see it.
     *
     * @throws ApiError 503 when the server runs without a scheduler
     */
    public SourceControl sourceControl() {
        SourceControl c = sourceControl;
        if (c == null) {
            throw new ApiError(503, "this server runs no scheduler");
        }
        return c;
    }

    /**
     * The server settings in force: the file's {@code server:} section with the command line's overrides; tokens and
     * {@code open-reads} as the last reload put them.
     */
    public ServerSettings settings() {
        return settings.get();
    }

    /** Who may read and who may change. */
    public Access access() {
        return access;
    }

    /** The conformance reports run lately through {@code POST /api/check}. */
    public CheckReports checkReports() {
        return checkReports;
    }

    public Clock clock() {
        return clock;
    }
}
