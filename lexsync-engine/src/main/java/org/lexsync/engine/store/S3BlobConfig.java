package org.lexsync.engine.store;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Where the large blobs live when they go to an S3-compatible object store instead of the data directory
 * (docs/architecture.md, "Store"): the bucket and key prefix of {@code s3://bucket/prefix}, the endpoint (null: the
 * SDK's default for the region), the region, path-style addressing, and the NAMES of the environment variables that
 * hold the access key and the secret — the credentials themselves are never part of a configuration and never printed.
 * {@code checksumWhenRequired} keeps the SDK from adding its CRC32 trailers, which several S3-compatible stores refuse;
 * files above {@code multipartThreshold} bytes are uploaded in parts of that size. {@code environment} is where the
 * named variables are looked up: the process environment, or the map a test hands over.
 */
public record S3BlobConfig(String bucket, String prefix, URI endpoint, String region, boolean pathStyle,
                           String accessKeyEnv, String secretKeyEnv, boolean checksumWhenRequired,
                           long multipartThreshold, UnaryOperator<String> environment) {
    public static final String DEFAULT_REGION = "us-east-1";
    public static final String DEFAULT_ACCESS_KEY_ENV = "LEXSYNC_S3_ACCESS_KEY";
    public static final String DEFAULT_SECRET_KEY_ENV = "LEXSYNC_S3_SECRET_KEY";
    /** Files above 16 MiB go up in parts. */
    public static final long DEFAULT_MULTIPART_THRESHOLD = 16L * 1024 * 1024;
    /** The smallest part S3 accepts (but for the last one). */
    static final long MIN_PART = 5L * 1024 * 1024;

    public S3BlobConfig {
        Objects.requireNonNull(environment, "environment");
        if (bucket == null || !bucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
            throw new IllegalArgumentException("S3 bucket name must be 3..63 of a-z, 0-9, '.', '-', was " + bucket);
        }
        prefix = prefix == null ? "" : trimSlashes(prefix);
        if (endpoint != null && !("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme()))) {
            throw new IllegalArgumentException("S3 endpoint must be an http or https URL, was " + endpoint);
        }
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("S3 region must not be empty");
        }
        requireEnvName(accessKeyEnv, "access-key-env");
        requireEnvName(secretKeyEnv, "secret-key-env");
        if (multipartThreshold < MIN_PART) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "S3 multipart threshold must be >= %d bytes, was %d", MIN_PART, multipartThreshold));
        }
    }

    /**
     * The configuration for {@code s3://bucket/prefix} with the defaults: the SDK's endpoint, region us-east-1,
     * virtual-host addressing, credentials in {@code LEXSYNC_S3_ACCESS_KEY} / {@code LEXSYNC_S3_SECRET_KEY} of the
     * process environment, checksums only where required, parts of 16 MiB.
     */
    public static S3BlobConfig parse(String url) {
        if (url == null || !url.startsWith("s3://")) {
            throw new IllegalArgumentException("blobs must be s3://bucket/prefix or a directory, was " + url);
        }
        String rest = url.substring("s3://".length());
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        String prefix = slash < 0 ? "" : rest.substring(slash + 1);
        return new S3BlobConfig(bucket, prefix, null, DEFAULT_REGION, false, DEFAULT_ACCESS_KEY_ENV,
                DEFAULT_SECRET_KEY_ENV, true, DEFAULT_MULTIPART_THRESHOLD, System::getenv);
    }

    /** True when {@code location} names an object store ({@code s3://…}) rather than a directory. */
    public static boolean isS3(String location) {
        return location != null && location.startsWith("s3://");
    }

    public S3BlobConfig withEndpoint(URI uri) {
        return new S3BlobConfig(bucket, prefix, uri, region, pathStyle, accessKeyEnv, secretKeyEnv,
                checksumWhenRequired, multipartThreshold, environment);
    }

    public S3BlobConfig withRegion(String name) {
        return new S3BlobConfig(bucket, prefix, endpoint, name, pathStyle, accessKeyEnv, secretKeyEnv,
                checksumWhenRequired, multipartThreshold, environment);
    }

    public S3BlobConfig withPathStyle(boolean on) {
        return new S3BlobConfig(bucket, prefix, endpoint, region, on, accessKeyEnv, secretKeyEnv,
                checksumWhenRequired, multipartThreshold, environment);
    }

    /** The names of the environment variables holding the access key and the secret. */
    public S3BlobConfig withCredentialVariables(String accessKey, String secretKey) {
        return new S3BlobConfig(bucket, prefix, endpoint, region, pathStyle, accessKey, secretKey,
                checksumWhenRequired, multipartThreshold, environment);
    }

    public S3BlobConfig withChecksumWhenRequired(boolean on) {
        return new S3BlobConfig(bucket, prefix, endpoint, region, pathStyle, accessKeyEnv, secretKeyEnv, on,
                multipartThreshold, environment);
    }

    public S3BlobConfig withMultipartThreshold(long bytes) {
        return new S3BlobConfig(bucket, prefix, endpoint, region, pathStyle, accessKeyEnv, secretKeyEnv,
                checksumWhenRequired, bytes, environment);
    }

    /** Where the credential variables are looked up (a test's own map instead of the process environment). */
    public S3BlobConfig withEnvironment(UnaryOperator<String> lookup) {
        return new S3BlobConfig(bucket, prefix, endpoint, region, pathStyle, accessKeyEnv, secretKeyEnv,
                checksumWhenRequired, multipartThreshold, lookup);
    }

    /** {@code s3://bucket/prefix}, as an operator wrote it. */
    public String location() {
        return "s3://" + bucket + (prefix.isEmpty() ? "" : "/" + prefix);
    }

    /** The object key of a blob: {@code {prefix}/sha256/ab/<sha256>}. */
    String objectKey(String sha256) {
        return keyPrefix() + sha256.substring(0, 2) + "/" + sha256;
    }

    /** The common start of every blob's object key. */
    String keyPrefix() {
        return (prefix.isEmpty() ? "" : prefix + "/") + "sha256/";
    }

    @Override
    public String toString() {
        return "S3BlobConfig[" + location() + ", endpoint=" + endpoint + ", region=" + region + ", pathStyle="
                + pathStyle + ", accessKeyEnv=" + accessKeyEnv + ", secretKeyEnv=" + secretKeyEnv + "]";
    }

    private static void requireEnvName(String name, String what) {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("S3 " + what + " must name an environment variable, was " + name);
        }
    }

    private static String trimSlashes(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && s.charAt(from) == '/') {
            from++;
        }
        while (to > from && s.charAt(to - 1) == '/') {
            to--;
        }
        return s.substring(from, to);
    }
}
