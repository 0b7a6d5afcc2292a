package org.lexsync.server;

import io.javalin.config.RoutesConfig;
import java.util.Optional;
import org.eclipse.jetty.server.Handler;

/**
 * One part of the server (scheduling, REST API, dashboard, metrics, publishing, ingestion): the routes it answers
 * and, when it has background work, how that work starts and stops. {@link LexSyncServer} starts features in the
 * order given and closes them in reverse order.
 */
public interface ServerFeature extends AutoCloseable {
    /** Adds this feature's routes. */
    void routes(RoutesConfig routes);

    /**
     * A Jetty handler that answers some paths itself before Javalin's servlet stack and router see the request (for
     * answers whose cost is dominated by that stack, such as the published aggregate), passing every other request
     * on to the handler it wraps. {@link LexSyncServer} chains the features' front handlers in feature order, Javalin
     * innermost. None by default.
     */
    default Optional<Handler.Wrapper> frontHandler() {
        return Optional.empty();
    }

    /** Starts background work, after the HTTP listener is up. */
    default void start() {
    }

    /** Stops background work; called before the HTTP listener stops. */
    @Override
    default void close() {
    }
}
