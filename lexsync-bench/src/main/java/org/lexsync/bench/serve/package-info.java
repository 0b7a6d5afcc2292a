/** Issue 16's serving benchmark: our server against nginx on the static export of the same store, with wrk. */
@NullMarked
package org.lexsync.bench.serve;

import org.jspecify.annotations.NullMarked;
