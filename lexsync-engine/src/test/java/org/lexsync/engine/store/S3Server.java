package org.lexsync.engine.store;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

/**
 * A real S3 server for tests (issue 31): S3Proxy on loopback at a free port, its filesystem back end in a directory of
 * the test's, AWS signature V2/V4 checked against a random access key and secret, one bucket created. Shared with the
 * server's and CLI's tests through the engine's test jar. {@link #config(String)} hands out an {@link S3BlobConfig}
 * whose credential variables are looked up in this server's own map, never in the process environment.
 */
public final class S3Server implements AutoCloseable {
    public static final String BUCKET = "lexsync-test";
    public static final String ACCESS_KEY_ENV = "LEXSYNC_TEST_S3_ACCESS_KEY";
    public static final String SECRET_KEY_ENV = "LEXSYNC_TEST_S3_SECRET_KEY";

    private final S3Proxy proxy;
    private final Path root;
    private final Map<String, String> environment;

    private S3Server(S3Proxy proxy, Path root, Map<String, String> environment) {
        this.proxy = proxy;
        this.root = root;
        this.environment = environment;
    }

    /** Starts a server keeping its objects under {@code dir} (created if needed), with {@link #BUCKET} in it. */
    public static S3Server start(Path dir) throws Exception {
        return start(dir, UnaryOperator.identity());
    }

    /**
     * As {@link #start(Path)}, with S3Proxy's back end seen through {@code wrap} (e.g. one that counts the objects
     * read, {@link CountingBackend}).
     */
    public static S3Server start(Path dir, UnaryOperator<org.gaul.s3proxy.blobstore.BlobStore> wrap) throws Exception {
        Path root = Files.createDirectories(dir);
        String access = "AK" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        String secret = UUID.randomUUID().toString();
        FilesystemNio2BlobStore backend = new FilesystemNio2BlobStore(root.toString());
        backend.createContainer(BUCKET);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(wrap.apply(backend))
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, access, secret)
                .build();
        proxy.start();
        return new S3Server(proxy, root, Map.of(ACCESS_KEY_ENV, access, SECRET_KEY_ENV, secret));
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** Where the filesystem back end keeps the bucket's objects. */
    public Path root() {
        return root;
    }

    /** The credential variables by name, as a process environment would hold them. */
    public Map<String, String> environment() {
        return environment;
    }

    /** Large blobs in {@code s3://lexsync-test/<prefix>} on this server (path-style, checksums when required). */
    public S3BlobConfig config(String prefix) {
        return config(prefix, endpoint());
    }

    /** As {@link #config(String)}, but through another endpoint (a fault-injecting proxy in front of this one). */
    public S3BlobConfig config(String prefix, URI through) {
        return S3BlobConfig.parse("s3://" + BUCKET + "/" + prefix)
                .withEndpoint(through)
                .withPathStyle(true)
                .withCredentialVariables(ACCESS_KEY_ENV, SECRET_KEY_ENV)
                .withEnvironment(environment::get);
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }

    /** Stops the server, for a test of an object store that is down. */
    public void stop() throws Exception {
        proxy.stop();
    }
}
