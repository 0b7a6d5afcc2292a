package org.lexsync.engine.model;

/**
 * How big a store is (docs/architecture.md, "Dashboard and metrics"): journal rows, active resources, and the blobs
 * of every tier with their bytes.
 */
public record StoreStatistics(long journalRows, long resources, long blobs, long blobBytes) {
}
