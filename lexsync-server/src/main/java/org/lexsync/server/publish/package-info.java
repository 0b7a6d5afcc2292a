/**
 * The aggregate republished by the server (docs/architecture.md, "Publishing the aggregate"): the Atom archive feed,
 * the ResourceSync source, the ELI Sitemap and update feed, our copies of the resources, served from the engine's
 * {@code Publication} with conditional GET, gzip, ranges and immutable caching for closed documents.
 */
@NullMarked
package org.lexsync.server.publish;

import org.jspecify.annotations.NullMarked;
