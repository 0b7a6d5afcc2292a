package org.lexsync.bench.objectstore;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.lexsync.engine.store.S3BlobConfig;

/**
 * The object store the issue-31 figures run against: S3Proxy in this JVM on a free loopback port, its filesystem back
 * end under a directory of the harness, signatures checked against throw-away keys that only {@link #config} knows
 * (never the process environment). Its CPU time is counted with the harness's, as it would be on a node running both.
 */
public final class S3ProxyLauncher implements AutoCloseable {
    static final String BUCKET = "lexsync-bench";
    private static final String ACCESS_ENV = "BENCH_S3_ACCESS";
    private static final String SECRET_ENV = "BENCH_S3_SECRET";

    private final S3Proxy proxy;
    private final Map<String, String> keys;

    private S3ProxyLauncher(S3Proxy proxy, Map<String, String> keys) {
        this.proxy = proxy;
        this.keys = keys;
    }

    /** Starts S3Proxy with bucket {@value #BUCKET} kept under {@code dir}. */
    public static S3ProxyLauncher start(Path dir) throws Exception {
        Files.createDirectories(dir);
        FilesystemNio2BlobStore backend = new FilesystemNio2BlobStore(dir.toString());
        backend.createContainer(BUCKET);
        Map<String, String> keys = Map.of(ACCESS_ENV, "BENCH" + UUID.randomUUID().toString().substring(0, 8),
                SECRET_ENV, UUID.randomUUID().toString());
        S3Proxy proxy = S3Proxy.builder().blobStore(backend).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, keys.get(ACCESS_ENV), keys.get(SECRET_ENV))
                .build();
        proxy.start();
        return new S3ProxyLauncher(proxy, keys);
    }

    /** Blobs under {@code s3://lexsync-bench/<prefix>} on this server, path-style. */
    public S3BlobConfig config(String prefix) {
        return S3BlobConfig.parse("s3://" + BUCKET + "/" + prefix)
                .withEndpoint(URI.create("http://127.0.0.1:" + proxy.getPort()))
                .withPathStyle(true)
                .withCredentialVariables(ACCESS_ENV, SECRET_ENV)
                .withEnvironment(keys::get);
    }

    /** The endpoint, {@code http://127.0.0.1:PORT}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /**
     * The names of the credential variables (access key, secret) and their values, for a store opened in another
     * process of the harness (its environment only, never a file or a command line).
     */
    public Map<String, String> credentials() {
        return keys;
    }

    /** The names of the access-key and secret variables {@link #credentials} holds. */
    public static String[] credentialVariables() {
        return new String[] {ACCESS_ENV, SECRET_ENV};
    }

    /** The bucket the server holds. */
    public String bucket() {
        return BUCKET;
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
    }
}
