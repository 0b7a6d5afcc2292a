/**
 * Disk failures named for the operator: a full disk or a read-only file system under a store directory (exit 4),
 * told apart from other write failures by asking the file system. Below every package that writes files.
 */
@NullMarked
package org.lexsync.engine.disk;

import org.jspecify.annotations.NullMarked;
