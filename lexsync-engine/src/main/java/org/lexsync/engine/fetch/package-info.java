/**
 * The polite HTTP fetcher (docs/architecture.md, "The flow of a change", invariants): {@link
 * org.lexsync.engine.fetch.Fetcher} downloads one URL per {@link org.lexsync.engine.fetch.FetchRequest} into a temp
 * file with its digests, verifies what the source promised, and returns a {@link org.lexsync.engine.fetch.FetchResult}.
 * Everything else here (politeness scheduler, robots cache, retry policy, body handler, redirect follower, address
 * guard) is package-private.
 */
package org.lexsync.engine.fetch;
