package org.lexsync.engine.model;

/** What a garbage collection removed: unreferenced blobs (database and files) and their bytes. */
public record GcReport(long examined, long deleted, long bytesFreed) {
}
