package org.lexsync.engine.store;

import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * S3Proxy's back end with a count of the objects it was asked to read (GET) and to look up (HEAD), so that a test
 * sees how often a client went to the object store, counted at the server.
 */
public final class CountingBackend extends ForwardingBlobStore {
    private final AtomicInteger gets = new AtomicInteger();
    private final AtomicInteger heads = new AtomicInteger();
    private final java.util.List<String> ranges = new java.util.concurrent.CopyOnWriteArrayList<>();

    public CountingBackend(BlobStore backend) {
        super(backend);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        gets.incrementAndGet();
        ranges.add(String.valueOf(request.range()));
        return super.getBlob(request);
    }

    @Override
    public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
        heads.incrementAndGet();
        return super.blobMetadata(request);
    }

    @Override
    public boolean blobExists(String container, String name) {
        heads.incrementAndGet();
        return super.blobExists(container, name);
    }

    /** HEADs (existence and metadata look-ups) of an object so far. */
    public int heads() {
        return heads.get();
    }

    /** The Range header of each GET so far, in order ("null" for a whole object). */
    public java.util.List<String> ranges() {
        return java.util.List.copyOf(ranges);
    }

    /** GETs of an object so far. */
    public int gets() {
        return gets.get();
    }
}
