package org.lexsync.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import org.eclipse.jetty.server.Handler;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;

/**
 * The always-on aggregator behind {@code lexsync serve} (docs/architecture.md, "The server"): one HTTP listener
 * (Javalin on Jetty) over one engine facade, with the server's features — each a {@link ServerFeature} — adding
 * their routes, Jetty handlers in front of Javalin's, and background work. Build with {@link #builder}, then {@link #start()}; {@link #close()} stops the
 * features in reverse order and then the listener. The facade stays the caller's to close.
 */
public final class LexSyncServer implements AutoCloseable {
    private final ServerContext context;
    private final List<ServerFeature> features;
    private final Javalin app;
    private boolean started;

    private LexSyncServer(ServerContext context, List<ServerFeature> features) {
        this.context = context;
        this.features = List.copyOf(features);
        ObjectMapper mapper = new ObjectMapper().registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        this.app = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.jsonMapper(new JavalinJackson(mapper, false));
            config.http.prefer405over404 = true;
            ErrorResponses.install(config.routes);
            for (ServerFeature f : this.features) {
                f.routes(config.routes);
            }
            Handler.Wrapper front = frontHandlers(this.features);
            config.jetty.modifyServer(s -> {
                s.setHandler(front);
                s.setErrorHandler(new JsonErrorHandler());
            });
        });
    }

    /**
     * The security headers ({@link SecurityHeaders}), then the features' front handlers chained in feature order
     * (each wrapping the next); Javalin puts its servlet stack inside the innermost when it starts.
     */
    private static Handler.Wrapper frontHandlers(List<ServerFeature> features) {
        Handler.Wrapper first = new SecurityHeaders();
        Handler.Wrapper last = first;
        for (ServerFeature f : features) {
            Handler.Wrapper h = f.frontHandler().orElse(null);
            if (h == null) {
                continue;
            }
            last.setHandler(h);
            last = h;
        }
        return first;
    }

    /** A builder for a server over {@code lexsync} (which must not be read-only when sources are to run). */
    public static Builder builder(LexSync lexsync) {
        return new Builder(lexsync);
    }

    /** Starts listening, then starts the features' background work. */
    public synchronized LexSyncServer start() {
        if (started) {
            throw new IllegalStateException("already started");
        }
        ServerSettings s = context.settings();
        app.start(s.bind(), s.port());
        started = true;
        context.listeningAt(uri());
        for (ServerFeature f : features) {
            f.start();
        }
        return this;
    }

    /** The port listened on (the real one when the settings asked for port 0). */
    public int port() {
        return app.port();
    }

    /** The base URI of this server, e.g. {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String host = context.settings().bind();
        if (host.equals("0.0.0.0") || host.equals("::")) {
            host = "127.0.0.1";
        } else if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create(String.format(Locale.ROOT, "http://%s:%d/", host, port()));
    }

    /** What the features share; for tests and for the command line's messages. */
    public ServerContext context() {
        return context;
    }

    /** Stops the features (reverse order), then the listener. Idempotent. */
    @Override
    public synchronized void close() {
        if (!started) {
            return;
        }
        started = false;
        RuntimeException first = null;
        for (int i = features.size() - 1; i >= 0; i--) {
            try {
                features.get(i).close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        app.stop();
        if (first != null) {
            throw first;
        }
    }

    /** Options of a server; validated when set. */
    public static final class Builder {
        private final LexSync lexsync;
        private @Nullable Configuration configuration;
        private @Nullable ServerSettings settings;
        private Clock clock = Clock.systemUTC();
        private final List<Function<ServerContext, ServerFeature>> extraFeatures = new ArrayList<>();

        private Builder(LexSync lexsync) {
            this.lexsync = Objects.requireNonNull(lexsync, "lexsync");
        }

        /** The configuration read from {@code lexsync.yaml}; its server section is used unless {@link #settings} is set. */
        public Builder configuration(Configuration value) {
            this.configuration = Objects.requireNonNull(value, "configuration");
            return this;
        }

        /** Server settings overriding the configuration's (the command line's flags applied). */
        public Builder settings(ServerSettings value) {
            this.settings = Objects.requireNonNull(value, "settings");
            return this;
        }

        /** The clock for schedules and ages (tests use a fixed one). */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /** Adds a feature built from the shared context, after the built-in ones. */
        public Builder feature(Function<ServerContext, ServerFeature> factory) {
            extraFeatures.add(Objects.requireNonNull(factory, "factory"));
            return this;
        }

        public LexSyncServer build() {
            Configuration c = configuration != null ? configuration
                    : new Configuration(Path.of(LexSync.CONFIG_FILE), List.of(), ServerSettings.DEFAULTS);
            ServerSettings s = settings != null ? settings : c.server();
            ServerContext context = new ServerContext(lexsync, c, s, clock);
            List<ServerFeature> features = new ArrayList<>();
            features.add(new HealthRoutes());
            for (Function<ServerContext, ServerFeature> f : extraFeatures) {
                features.add(f.apply(context));
            }
            return new LexSyncServer(context, features);
        }
    }
}
