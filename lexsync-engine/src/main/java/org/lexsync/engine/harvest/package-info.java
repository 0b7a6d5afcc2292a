/**
 * The harvest SPI (docs/architecture.md, "The engine as a library"): a protocol is a {@link
 * org.lexsync.engine.harvest.Harvester} found by {@link java.util.ServiceLoader}; it plans with the shared run
 * lifecycle ({@link org.lexsync.engine.harvest.HarvestRun}), reads source documents with {@link
 * org.lexsync.engine.harvest.SourceReader} and the store through {@link org.lexsync.engine.harvest.HarvestStore}.
 * Types are non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package org.lexsync.engine.harvest;

import org.jspecify.annotations.NullMarked;
