package org.lexsync.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.checksum.HashAlgorithm;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * One large file uploaded in parts of the multipart threshold's size, each streamed from its slice of the file (no
 * whole document in memory) with its Content-MD5, completed with {@code If-None-Match: *} and checked against the
 * multipart ETag (the MD5 of the parts' MD5s, then "-" and the count); aborted on any failure so no part lingers.
 */
final class S3MultipartUpload {
    private final S3Client s3;
    private final S3BlobConfig config;
    private final String objectKey;
    private final Path file;
    private final long length;

    S3MultipartUpload(S3Client s3, S3BlobConfig config, String objectKey, Path file, long length) {
        this.s3 = s3;
        this.config = config;
        this.objectKey = objectKey;
        this.file = file;
        this.length = length;
    }

    /** Uploads the file; true when it stored the bytes, false when the object was already there (412 or 409). */
    boolean run(String operation) throws IOException {
        String uploadId = s3.createMultipartUpload(b -> b.bucket(config.bucket()).key(objectKey)).uploadId();
        boolean done = false;
        try {
            long partSize = config.multipartThreshold();
            List<CompletedPart> parts = new ArrayList<>();
            MessageDigest ofParts = HashAlgorithm.MD5.newDigest();
            int number = 1;
            for (long offset = 0; offset < length; offset += partSize, number++) {
                long size = Math.min(partSize, length - offset);
                byte[] md5 = S3BlobStore.md5(file, offset, size);
                ofParts.update(md5);
                int n = number;
                long from = offset;
                String etag = s3.uploadPart(b -> b.bucket(config.bucket()).key(objectKey).uploadId(uploadId)
                                .partNumber(n).contentLength(size).contentMD5(Base64.getEncoder().encodeToString(md5)),
                        RequestBody.fromContentProvider(() -> slice(from, size), size, "application/octet-stream"))
                        .eTag();
                parts.add(CompletedPart.builder().partNumber(n).eTag(etag).build());
            }
            String expected = HexFormat.of().formatHex(ofParts.digest()) + "-" + parts.size();
            try {
                String etag = s3.completeMultipartUpload(b -> b.bucket(config.bucket()).key(objectKey)
                        .uploadId(uploadId).ifNoneMatch("*").multipartUpload(m -> m.parts(parts))).eTag();
                done = true;
                check(operation, etag, expected);
                return true;
            } catch (SdkException e) {
                int status = S3Failures.status(e);
                if (status != 412 && status != 409) {
                    throw e;
                }
                return false;
            }
        } finally {
            if (!done) {
                abort(uploadId);
            }
        }
    }

    private void check(String operation, String etag, String expected) {
        String unquoted = etag == null ? null : etag.replace("\"", "");
        if (unquoted == null || !unquoted.toLowerCase(Locale.ROOT).equals(expected)) {
            throw S3Failures.unavailable(config, operation, "ETag " + etag + " does not match the parts sent ("
                    + expected + ")", null);
        }
    }

    private InputStream slice(long offset, long size) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ).position(offset);
            return new java.io.FilterInputStream(Channels.newInputStream(ch)) {
                private long left = size;

                @Override
                public int read() throws IOException {
                    if (left <= 0) {
                        return -1;
                    }
                    int b = super.read();
                    if (b >= 0) {
                        left--;
                    }
                    return b;
                }

                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    if (left <= 0) {
                        return -1;
                    }
                    int n = super.read(buf, off, (int) Math.min(len, left));
                    if (n > 0) {
                        left -= n;
                    }
                    return n;
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void abort(String uploadId) {
        try {
            s3.abortMultipartUpload(b -> b.bucket(config.bucket()).key(objectKey).uploadId(uploadId));
        } catch (SdkException e) {
            // the original failure is reported; a part left behind is removed by the bucket's lifecycle rule
        }
    }
}
