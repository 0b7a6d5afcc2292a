/**
 * Republishing the aggregate (docs/architecture.md, "Publishing the aggregate"): every published document — the Atom
 * archive feed of the Swedish collection method (rinfo §2.4, §3, §6, §10; RFC 4287, 5005, 6721) and the files it
 * points at — is a pure projection of the journal in journal order, looked up by path ({@link
 * org.lexsync.engine.publish.Publisher#document}) by the static exporter and the server alike. Reads the store, never
 * writes to it.
 */
@NullMarked
package org.lexsync.engine.publish;

import org.jspecify.annotations.NullMarked;
