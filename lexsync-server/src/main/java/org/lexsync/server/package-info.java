/**
 * {@code lexsync serve}: the always-on aggregator (docs/architecture.md, "The server"). {@link
 * org.lexsync.server.LexSyncServer} is the one entry point; feature packages (scheduling, REST API, dashboard,
 * metrics, publishing and ingestion endpoints) each add their routes to it. The server reaches the engine only
 * through the facade {@code org.lexsync.engine.LexSync} and {@code org.lexsync.engine.model}.
 */
@NullMarked
package org.lexsync.server;

import org.jspecify.annotations.NullMarked;
