/**
 * The engine's shared vocabulary: the value types, listener interfaces and errors that every front end (command
 * line, server, a Java program), every planner and the store speak — change kinds, sources, resource and
 * representation states, journal entries, planned changes, run records and reports. It depends on nothing in the
 * engine, so protocol packages plan changes without importing the store and front ends read results without
 * reaching into it (docs/architecture.md, "The engine as a library"). Types are non-null unless marked
 * {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package org.lexsync.engine.model;

import org.jspecify.annotations.NullMarked;
