/**
 * The operator's dashboard at {@code /} (docs/architecture.md, "Dashboard and metrics"): server-rendered HTML pages,
 * readable without JavaScript, with no build step and nothing loaded from elsewhere — sources overview, run detail,
 * failures and quarantine, hosts, store, and an SVG chart of the changes collected per hour. A few lines of inline
 * JavaScript refresh the page and send the run-now, pause and resume buttons to the REST API with the token the
 * operator typed (kept in the tab's sessionStorage only). Everything that comes from a source is HTML-escaped
 * ({@link org.lexsync.server.dashboard.Html}).
 */
@NullMarked
package org.lexsync.server.dashboard;

import org.jspecify.annotations.NullMarked;
