package org.lexsync.bench.objectstore;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.lexsync.engine.store.S3BlobConfig;

/**
 * S3Proxy in a JVM of its own, for figures whose heap or CPU must be the harness's alone (the 1 GB document with the
 * harness at {@code -Xmx128m}): the child runs {@link #main}, prints its port, and stops when its standard input
 * closes (so it dies with the harness). Throw-away keys go to the child in its environment, never on a command line.
 */
public final class S3ProxyProcess implements AutoCloseable {
    private static final String ACCESS_ENV = "BENCH_S3_ACCESS";
    private static final String SECRET_ENV = "BENCH_S3_SECRET";

    private final Process child;
    private final int port;
    private final Map<String, String> keys;

    private S3ProxyProcess(Process child, int port, Map<String, String> keys) {
        this.child = child;
        this.port = port;
        this.keys = keys;
    }

    /** Starts the child with bucket {@value S3ProxyLauncher#BUCKET} under {@code dir} and waits for its port. */
    public static S3ProxyProcess start(Path dir, String heap) throws IOException {
        Files.createDirectories(dir);
        Map<String, String> keys = Map.of(ACCESS_ENV, "BENCH" + UUID.randomUUID().toString().substring(0, 8),
                SECRET_ENV, UUID.randomUUID().toString());
        ProcessBuilder b = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-Xmx" + heap,
                "-cp", System.getProperty("java.class.path"), S3ProxyProcess.class.getName(), dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        b.environment().putAll(keys);
        Process child = b.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (line == null || !line.startsWith("port ")) {
            child.destroyForcibly();
            throw new IOException("S3Proxy's process did not start: " + line);
        }
        return new S3ProxyProcess(child, Integer.parseInt(line.substring(5).strip()), keys);
    }

    /** The child's process id (to read its CPU time from /proc). */
    public long pid() {
        return child.pid();
    }

    /** Blobs under {@code s3://lexsync-bench/<prefix>} on the child, path-style. */
    public S3BlobConfig config(String prefix) {
        return S3BlobConfig.parse("s3://" + S3ProxyLauncher.BUCKET + "/" + prefix)
                .withEndpoint(URI.create("http://127.0.0.1:" + port))
                .withPathStyle(true)
                .withCredentialVariables(ACCESS_ENV, SECRET_ENV)
                .withEnvironment(keys::get);
    }

    @Override
    public void close() throws Exception {
        child.getOutputStream().close();
        if (!child.waitFor(20, TimeUnit.SECONDS)) {
            child.destroyForcibly();
        }
    }

    /** The child: S3Proxy over {@code args[0]} with the keys of its environment, until standard input closes. */
    public static void main(String[] args) throws Exception {
        FilesystemNio2BlobStore backend = new FilesystemNio2BlobStore(args[0]);
        if (!backend.containerExists(S3ProxyLauncher.BUCKET)) {
            backend.createContainer(S3ProxyLauncher.BUCKET);
        }
        S3Proxy proxy = S3Proxy.builder().blobStore(backend).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, System.getenv(ACCESS_ENV), System.getenv(SECRET_ENV))
                .build();
        proxy.start();
        System.out.println("port " + proxy.getPort());
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the harness closes our standard input (or dies)
        }
        proxy.stop();
        System.exit(0);
    }
}
