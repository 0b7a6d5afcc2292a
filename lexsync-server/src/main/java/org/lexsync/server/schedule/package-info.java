/**
 * Scheduling for {@code lexsync serve} (docs/architecture.md, "The server"): one db-scheduler execution per approved
 * source in the store's own database, run at the source's {@code schedule}, at most {@code max-concurrent-runs} at
 * once, never twice at once, with run-now, pause and resume for the operator and the ping endpoint.
 */
@NullMarked
package org.lexsync.server.schedule;

import org.jspecify.annotations.NullMarked;
