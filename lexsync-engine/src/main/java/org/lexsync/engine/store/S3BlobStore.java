package org.lexsync.engine.store;

import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.StoreUnavailableException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.LegacyMd5Plugin;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.DeletedObject;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Large blobs in an S3-compatible object store (issue 31), behind the same content-addressed interface as
 * {@link FileBlobStore}: the object key is {@code {prefix}/sha256/ab/<sha256>}, so a put of bytes already there is a
 * success (a conditional {@code If-None-Match: *} put; 412 means "already there"). A put returns only once the store
 * acknowledged the whole object and its ETag matched the MD5 of the bytes sent (docs/architecture.md, invariant 2:
 * blob durable first, then the transaction). Uploads stream from the spooled file (in parts above the multipart
 * threshold), reads stream and are checked against the key's SHA-256 when read to the end. Every failure of the
 * object store is a {@link StoreUnavailableException} of kind {@code UNREACHABLE} (exit 4). Safe for concurrent use.
 */
public final class S3BlobStore implements BlobStore, AutoCloseable {
    private static final int BUFFER = 64 * 1024;
    /** The most keys one {@code DeleteObjects} request may name. */
    static final int MAX_DELETE = 1000;

    private final S3BlobConfig config;
    private final S3Client s3;
    private volatile ReuseGuard reuse = ReuseGuard.NONE;

    /** Opens a client for {@code config}; the credentials are read from the environment variables it names. */
    public S3BlobStore(S3BlobConfig config) {
        this.config = config;
        this.s3 = client(config);
    }

    private static S3Client client(S3BlobConfig config) {
        String access = config.environment().apply(config.accessKeyEnv());
        String secret = config.environment().apply(config.secretKeyEnv());
        if (access == null || access.isEmpty() || secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("the S3 credentials are missing: set the environment variables "
                    + config.accessKeyEnv() + " and " + config.secretKeyEnv());
        }
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(10)).socketTimeout(Duration.ofSeconds(60)))
                .region(Region.of(config.region()))
                .forcePathStyle(config.pathStyle())
                // A PUT's body signed once, as a whole, instead of framed as aws-chunked with a signature per chunk:
                // over plain http (an S3-compatible store on the local network) the chunk signing cost more CPU than
                // the rest of a small PUT (docs/benchmarks.md, "Ingestion throughput", issue 31). The body is a file
                // the SDK can read twice (once to hash, once to send); the parts of a multipart upload are too.
                .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret)));
        if (config.endpoint() != null) {
            builder.endpointOverride(config.endpoint());
        }
        if (config.checksumWhenRequired()) {
            // the operations that need a checksum (DeleteObjects) carry a Content-MD5 too, as stores that know no
            // CRC32 header (and S3 before 2025) require
            builder.requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                    .addPlugin(LegacyMd5Plugin.create());
        }
        return builder.build();
    }

    /** What a put does before it trusts a blob it finds already stored (the store's {@link BlobPins}). */
    void guardReuse(ReuseGuard guard) {
        this.reuse = guard;
    }

    public S3BlobConfig config() {
        return config;
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey) throws IOException {
        return put(file, knownKey, null);
    }

    /**
     * Streams the file up; {@code knownMd5Hex}, the MD5 the fetcher computed while it downloaded, becomes the
     * Content-MD5 without one more pass over the file (the store refuses the bytes if they differ from it).
     */
    @Override
    public BlobKey put(Path file, BlobKey knownKey, String knownMd5Hex) throws IOException {
        long length = Files.size(file);
        BlobKey key = knownKey != null ? knownKey : FileBlobStore.hash(file);
        String objectKey = config.objectKey(key.sha256());
        String operation = "put blob " + key.sha256();
        try {
            if (length > config.multipartThreshold()) {
                boolean written = new S3MultipartUpload(s3, config, objectKey, file, length).run(operation);
                if (!written && !stays(key, objectKey)) {
                    new S3MultipartUpload(s3, config, objectKey, file, length).run(operation);
                }
            } else {
                byte[] md5 = knownMd5Hex != null && knownMd5Hex.length() == 32 ? HexFormat.of().parseHex(knownMd5Hex)
                        : md5(file, 0, length);
                if (!putOnce(objectKey, md5, length, RequestBody.fromFile(file), operation) && !stays(key, objectKey)) {
                    putOnce(objectKey, md5, length, RequestBody.fromFile(file), operation);
                }
            }
        } catch (SdkException e) {
            throw S3Failures.of(config, operation, e);
        }
        Files.deleteIfExists(file);
        return key;
    }

    @Override
    public BlobKey put(byte[] bytes) {
        BlobKey key = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes));
        String operation = "put blob " + key.sha256();
        try {
            byte[] md5 = HashAlgorithm.MD5.newDigest().digest(bytes);
            String objectKey = config.objectKey(key.sha256());
            if (!putOnce(objectKey, md5, bytes.length, RequestBody.fromBytes(bytes), operation) && !stays(key, objectKey)) {
                putOnce(objectKey, md5, bytes.length, RequestBody.fromBytes(bytes), operation);
            }
        } catch (SdkException e) {
            throw S3Failures.of(config, operation, e);
        }
        return key;
    }

    /**
     * One conditional PUT: true when it stored the bytes, false when they were already there (412); a wrong ETag is a
     * failure.
     */
    private boolean putOnce(String objectKey, byte[] md5, long length, RequestBody body, String operation) {
        try {
            String etag = s3.putObject(b -> b.bucket(config.bucket()).key(objectKey).ifNoneMatch("*")
                    .contentLength(length).contentMD5(Base64.getEncoder().encodeToString(md5)), body).eTag();
            checkEtag(operation, etag, HexFormat.of().formatHex(md5));
            return true;
        } catch (SdkException e) {
            if (!alreadyThere(e, objectKey)) {
                throw e;
            }
            return false;
        }
    }

    /**
     * For a blob a put found already there: pins it against gc, then true when it is still there (and now stays),
     * false when gc deleted it meanwhile and the put must store it again.
     */
    private boolean stays(BlobKey key, String objectKey) {
        reuse.reusing(key);
        return head(objectKey);
    }

    /** 412: the key exists (content addressing: the same bytes); 409: a concurrent put of it, there once it ends. */
    boolean alreadyThere(SdkException e, String objectKey) {
        int status = S3Failures.status(e);
        return status == 412 || status == 409 && head(objectKey);
    }

    void checkEtag(String operation, String etag, String expected) {
        String unquoted = etag == null ? null : etag.replace("\"", "");
        if (unquoted == null || !unquoted.equalsIgnoreCase(expected)) {
            throw S3Failures.unavailable(config, operation, "ETag " + etag + " does not match the bytes sent ("
                    + expected + ")", null);
        }
    }

    @Override
    public InputStream open(BlobKey key) {
        return openVerified(key);
    }

    /** As {@link #open}, typed so that a reader can see the length the store announced (the disk cache does). */
    VerifiedBlobStream openVerified(BlobKey key) {
        String objectKey = config.objectKey(key.sha256());
        String operation = "read blob " + key.sha256();
        try {
            var response = s3.getObject(b -> b.bucket(config.bucket()).key(objectKey));
            GetObjectResponse meta = response.response();
            long length = meta.contentLength() == null ? -1 : meta.contentLength();
            return new VerifiedBlobStream(response, key, length,
                    (detail, cause) -> S3Failures.unavailable(config, operation, detail, cause));
        } catch (SdkException e) {
            throw readFailure(key, operation, e);
        }
    }

    /** The object's Content-Length, from a HEAD. */
    @Override
    public long length(BlobKey key) {
        String objectKey = config.objectKey(key.sha256());
        try {
            Long length = s3.headObject(b -> b.bucket(config.bucket()).key(objectKey)).contentLength();
            return length == null ? -1 : length;
        } catch (SdkException e) {
            throw readFailure(key, "look up the length of blob " + key.sha256(), e);
        }
    }

    /**
     * A ranged GET (RFC 9110 §14.2) of bytes {@code first} to {@code last}; a store that ignores the Range (a 200 with
     * the whole object, as RFC 9110 allows) is read from its start and skipped to {@code first}; one that answers
     * another range fails typed.
     */
    @Override
    public InputStream openRange(BlobKey key, long first, long last) throws IOException {
        String objectKey = config.objectKey(key.sha256());
        String operation = "read bytes " + first + "-" + last + " of blob " + key.sha256();
        try {
            var response = s3.getObject(b -> b.bucket(config.bucket()).key(objectKey).range("bytes=" + first + "-" + last));
            GetObjectResponse meta = response.response();
            String expected = "bytes " + first + "-" + last + "/";
            if (meta.contentRange() == null) {
                try {
                    response.skipNBytes(first);
                } catch (IOException | RuntimeException e) {
                    response.abort();
                    throw e;
                }
                return response;
            }
            if (!meta.contentRange().startsWith(expected)) {
                response.abort();
                throw S3Failures.unavailable(config, operation, "the object store answered the range "
                        + meta.contentRange() + ", not " + expected + "…", null);
            }
            return response;
        } catch (SdkException e) {
            throw readFailure(key, operation, e);
        }
    }

    @Override
    public boolean exists(BlobKey key) {
        try {
            return head(config.objectKey(key.sha256()));
        } catch (SdkException e) {
            throw S3Failures.of(config, "look up blob " + key.sha256(), e);
        }
    }

    /** Asks the object store for the bucket (readiness): a store that is down or refuses us is its typed error. */
    public void probe() {
        try {
            s3.headBucket(b -> b.bucket(config.bucket()));
        } catch (SdkException e) {
            throw S3Failures.of(config, "reach the bucket", e);
        }
    }

    /** A failed read of {@code key}: the blob is not there (404), or the object store's typed failure. */
    private RuntimeException readFailure(BlobKey key, String operation, SdkException e) {
        return e instanceof NoSuchKeyException || S3Failures.status(e) == 404 ? new NoSuchBlobException(key)
                : S3Failures.of(config, operation, e);
    }

    private boolean head(String objectKey) {
        try {
            s3.headObject(b -> b.bucket(config.bucket()).key(objectKey));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (SdkException e) {
            if (S3Failures.status(e) == 404) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public boolean delete(BlobKey key) {
        String objectKey = config.objectKey(key.sha256());
        try {
            if (!head(objectKey)) {
                return false;
            }
            s3.deleteObject(b -> b.bucket(config.bucket()).key(objectKey));
            return true;
        } catch (SdkException e) {
            throw S3Failures.of(config, "delete blob " + key.sha256(), e);
        }
    }

    /**
     * One {@code DeleteObjects} per 1,000 keys, without the look-up {@link #delete} makes first (the store reports a
     * key that was already gone as deleted). Keys the store refuses in its response (per-key errors) fail the call
     * with a typed error naming them and the store's codes; the others of that request are gone all the same, and a
     * later {@code gc} finds the refused ones again.
     */
    @Override
    public List<BlobKey> deleteAll(List<BlobKey> keys) {
        List<BlobKey> gone = new ArrayList<>(keys.size());
        for (int from = 0; from < keys.size(); from += MAX_DELETE) {
            List<BlobKey> chunk = keys.subList(from, Math.min(keys.size(), from + MAX_DELETE));
            Map<String, BlobKey> byObjectKey = new HashMap<>();
            List<ObjectIdentifier> ids = new ArrayList<>(chunk.size());
            for (BlobKey key : chunk) {
                String objectKey = config.objectKey(key.sha256());
                byObjectKey.put(objectKey, key);
                ids.add(ObjectIdentifier.builder().key(objectKey).build());
            }
            DeleteObjectsResponse response;
            try {
                response = s3.deleteObjects(b -> b.bucket(config.bucket()).delete(d -> d.objects(ids).quiet(false)));
            } catch (SdkException e) {
                throw S3Failures.of(config, "delete " + chunk.size() + " blobs", e);
            }
            for (DeletedObject d : response.deleted()) {
                BlobKey key = byObjectKey.get(d.key());
                if (key != null) {
                    gone.add(key);
                }
            }
            if (response.hasErrors() && !response.errors().isEmpty()) {
                throw S3Failures.unavailable(config, "delete " + chunk.size() + " blobs", refused(response.errors()),
                        null);
            }
        }
        return gone;
    }

    private static String refused(List<S3Error> errors) {
        StringBuilder s = new StringBuilder().append(errors.size()).append(errors.size() == 1 ? " key" : " keys")
                .append(" refused:");
        for (int i = 0; i < Math.min(3, errors.size()); i++) {
            S3Error e = errors.get(i);
            s.append(i == 0 ? " " : "; ").append(e.key()).append(" (").append(e.code()).append(": ")
                    .append(e.message()).append(')');
        }
        return errors.size() > 3 ? s.append("; …").toString() : s.toString();
    }

    @Override
    public void forEach(Consumer<BlobInfo> visitor) {
        try {
            for (S3Object o : s3.listObjectsV2Paginator(b -> b.bucket(config.bucket()).prefix(config.keyPrefix()))
                    .contents()) {
                String name = o.key().substring(o.key().lastIndexOf('/') + 1);
                BlobKey key;
                try {
                    key = new BlobKey(name);
                } catch (IllegalArgumentException notABlob) {
                    continue;
                }
                if (!o.key().equals(config.objectKey(key.sha256()))) {
                    continue;
                }
                visitor.accept(new BlobInfo(key, o.size() == null ? 0 : o.size(), o.lastModified()));
            }
        } catch (SdkException e) {
            throw S3Failures.of(config, "list blobs", e);
        }
    }

    @Override
    public void close() {
        s3.close();
    }

    /** The MD5 of {@code length} bytes of {@code file} from {@code offset}. */
    static byte[] md5(Path file, long offset, long length) throws IOException {
        MessageDigest md5 = HashAlgorithm.MD5.newDigest();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
             InputStream in = Channels.newInputStream(ch.position(offset))) {
            byte[] buffer = new byte[BUFFER];
            long left = length;
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new IOException("file " + file + " ended before " + length + " bytes");
                }
                md5.update(buffer, 0, n);
                left -= n;
            }
        }
        return md5.digest();
    }
}
