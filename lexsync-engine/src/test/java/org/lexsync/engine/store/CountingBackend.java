package org.lexsync.engine.store;

import java.util.concurrent.atomic.AtomicInteger;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * S3Proxy's back end with a count of the objects it was asked to read (GET), so that a test sees how often a client
 * went to the object store, counted at the server.
 */
public final class CountingBackend extends ForwardingBlobStore {
    private final AtomicInteger gets = new AtomicInteger();

    public CountingBackend(BlobStore backend) {
        super(backend);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        gets.incrementAndGet();
        return super.getBlob(request);
    }

    /** GETs of an object so far. */
    public int gets() {
        return gets.get();
    }
}
