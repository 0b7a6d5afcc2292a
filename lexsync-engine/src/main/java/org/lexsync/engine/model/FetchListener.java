package org.lexsync.engine.model;

/**
 * Told about every HTTP exchange of the engine's one fetcher, after it (docs/architecture.md, "Dashboard and
 * metrics"); the server's metrics count them. Called on the fetching thread: it must be quick and thread-safe, and
 * what it throws is ignored.
 */
@FunctionalInterface
public interface FetchListener {
    /** The fetcher got {@code exchange}'s answer (or none). */
    void exchanged(FetchExchange exchange);
}
