package org.lexsync.server;

import io.javalin.config.RoutesConfig;

/**
 * One part of the server (scheduling, REST API, dashboard, metrics, publishing, ingestion): the routes it answers
 * and, when it has background work, how that work starts and stops. {@link LexSyncServer} starts features in the
 * order given and closes them in reverse order.
 */
public interface ServerFeature extends AutoCloseable {
    /** Adds this feature's routes. */
    void routes(RoutesConfig routes);

    /** Starts background work, after the HTTP listener is up. */
    default void start() {
    }

    /** Stops background work; called before the HTTP listener stops. */
    @Override
    default void close() {
    }
}
