package org.lexsync.engine;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * How a facade may use its store: {@code readOnly} writes nothing (read commands, dry runs); {@code scratch} is the
 * temporary store of a dry run without a store, deleted on close (null otherwise).
 */
record FacadeAccess(boolean readOnly, @Nullable Path scratch) {
}
