/**
 * The REST API under {@code /api} and {@code /readyz} (docs/api.md; docs/architecture.md, "The server"): sources with
 * their scheduler state and last runs, runs with findings and failures, the store's resources and journal with
 * stable cursors, item failures. JSON only; mutating endpoints need an admin bearer token.
 */
@NullMarked
package org.lexsync.server.api;

import org.jspecify.annotations.NullMarked;
