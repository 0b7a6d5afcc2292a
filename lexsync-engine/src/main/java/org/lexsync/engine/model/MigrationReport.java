package org.lexsync.engine.model;

/**
 * What one run of {@code lexsync store migrate} did (issue 31): blobs and graphs copied and verified in this run,
 * those verified by an earlier (interrupted) run, bytes copied, and the old copies deleted ({@code --delete-old}).
 */
public record MigrationReport(int blobsCopied, int blobsAlreadyVerified, long bytesCopied, int blobsDeleted,
                              int graphsCopied, int graphsAlreadyVerified, int graphsDeleted) {
}
