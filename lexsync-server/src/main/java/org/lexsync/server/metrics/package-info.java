/**
 * {@code GET /metrics} in Prometheus text format through Micrometer (docs/architecture.md, "Dashboard and
 * metrics"): harvest changes and runs per source, fetch requests by status class and their latency histogram, item
 * failures and last success per source, the scheduler's states and the JVM's. No label carries a URL or a
 * resource id: labels are source ids, change kinds, run statuses, status classes and scheduler states only.
 */
@NullMarked
package org.lexsync.server.metrics;

import org.jspecify.annotations.NullMarked;
