/**
 * The engine's front door: {@link org.lexsync.engine.LexSync}. Front ends (the command line, the server, crawlers,
 * a Java program) build one, register sources and harvest, apply, audit and read through it, with the value types of
 * {@link org.lexsync.engine.model}; everything in the other engine packages is behind it (docs/architecture.md,
 * "The engine as a library"). Types are non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package org.lexsync.engine;

import org.jspecify.annotations.NullMarked;
