/**
 * The ping endpoint {@code POST /collector} (rinfo §9 "Notifieringar": a source POSTs the URL of its subscription
 * feed and, when it belongs to an approved source, collection starts at once). It never adds sources
 * (docs/architecture.md, "The server").
 */
@NullMarked
package org.lexsync.server.ping;

import org.jspecify.annotations.NullMarked;
