/**
 * The node table's server side (issue 32, "nodes are visible"): each {@code lexsync serve} beats its row in the store
 * and removes it on a clean stop; {@code GET /api/nodes} lists every node sharing the store with what it holds.
 */
@NullMarked
package org.lexsync.server.nodes;

import org.jspecify.annotations.NullMarked;
