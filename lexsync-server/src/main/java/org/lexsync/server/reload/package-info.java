/**
 * Configuration reload for {@code lexsync serve} (docs/architecture.md, "The server"): {@code lexsync.yaml} is watched
 * and can be reloaded with {@code POST /api/reload}; a file the reader refuses leaves the running configuration in
 * force.
 */
@NullMarked
package org.lexsync.server.reload;

import org.jspecify.annotations.NullMarked;
