/**
 * The shared applier (docs/architecture.md, "The flow of a change"): planners hand it {@link
 * org.lexsync.engine.model.PlannedChange}s; it fetches, verifies, stores blobs and commits changes in the planner's
 * order, exactly once.
 * Types are non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package org.lexsync.engine.apply;

import org.jspecify.annotations.NullMarked;
