/**
 * {@code lexsync serve} (docs/architecture.md, "The server"): Javalin on Jetty, the scheduler, config reload, ping,
 * ingestion, publishing, dashboard and metrics, all over one {@code org.lexsync.engine.LexSync}. Exported: the server
 * and its builder ({@code org.lexsync.server}) and the standard set of features ({@code server.standard}); every
 * feature package is internal. It reaches the engine only through the engine's exported packages.
 */
module org.lexsync.server {
    requires transitive org.lexsync.engine;
    requires static org.jspecify;
    requires org.slf4j;

    requires io.javalin;
    requires org.eclipse.jetty.http;
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.util;
    requires com.github.kagkarlsson.scheduler;
    requires com.github.benmanes.caffeine;
    requires micrometer.core;
    requires micrometer.registry.prometheus;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.datatype.jsr310;

    exports org.lexsync.server;
    exports org.lexsync.server.standard;
}
