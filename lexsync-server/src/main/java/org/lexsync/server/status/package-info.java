/**
 * How each source stands, as the dashboard and the metrics show it (docs/architecture.md, "Dashboard and
 * metrics"): its last run, its last success, whether it is stale (no success for more than twice its schedule) and
 * what the scheduler is doing with it. Read from the facade's run history and the {@link
 * org.lexsync.server.SourceControl}; nothing is kept here.
 */
@NullMarked
package org.lexsync.server.status;

import org.jspecify.annotations.NullMarked;
