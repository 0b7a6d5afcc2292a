/**
 * {@code POST /api/check}: the conformance checker of {@code lexsync check} run by the server on a publication a
 * client names (docs/architecture.md, "The conformance checker"), bounded and one at a time per client.
 */
@NullMarked
package org.lexsync.server.check;

import org.jspecify.annotations.NullMarked;
