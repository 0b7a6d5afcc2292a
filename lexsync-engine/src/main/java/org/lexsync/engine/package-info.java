/**
 * The engine's front door: {@link org.lexsync.engine.LexSync}. Front ends (the command line, the server, crawlers,
 * a Java program) build one, register sources and harvest, apply, audit and publish through it, read the store
 * through its {@link org.lexsync.engine.StoreView} ({@code lexsync.store()}), with the value types of
 * {@link org.lexsync.engine.model}; what needs no store is in small static helpers beside it ({@code Protocols},
 * {@code PublishConfigs}, {@code Checks}, {@code Downloads}, {@code Outboxes}, {@code CrawlPreviews},
 * {@code DryRuns}). Everything in the other engine packages is behind it, and the module descriptor does not export
 * it (docs/architecture.md, "The engine as a library", "Modules and what they export"). Types are non-null unless
 * marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package org.lexsync.engine;

import org.jspecify.annotations.NullMarked;
