package org.lexsync.server;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
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
    private final ServerSettings settings;
    private final Access access;
    private final Clock clock;

    ServerContext(LexSync lexsync, Configuration configuration, ServerSettings settings, Clock clock) {
        this.lexsync = Objects.requireNonNull(lexsync, "lexsync");
        this.configuration = new AtomicReference<>(Objects.requireNonNull(configuration, "configuration"));
        this.settings = Objects.requireNonNull(settings, "settings");
        this.access = new Access(settings);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The engine. */
    public LexSync lexsync() {
        return lexsync;
    }

    /** The configuration in force (sources and server settings as read from the file). */
    public Configuration configuration() {
        return configuration.get();
    }

    /** Puts a newly read configuration in force (sources only: listening address and tokens need a restart). */
    public void replaceConfiguration(Configuration next) {
        configuration.set(Objects.requireNonNull(next, "next"));
    }

    /** The server settings in force: the file's {@code server:} section with the command line's overrides. */
    public ServerSettings settings() {
        return settings;
    }

    /** Who may read and who may change. */
    public Access access() {
        return access;
    }

    public Clock clock() {
        return clock;
    }
}
