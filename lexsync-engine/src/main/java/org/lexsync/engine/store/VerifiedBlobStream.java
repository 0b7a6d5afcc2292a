package org.lexsync.engine.store;

import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.StoreUnavailableException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.function.BiFunction;

/**
 * A blob's bytes as they come from the object store, checked on the way: a body cut short of its announced length, a
 * read that fails, or bytes whose SHA-256 (when read to the end without skipping) is not the key's become the store's
 * typed error instead of a silently short or wrong document.
 */
final class VerifiedBlobStream extends FilterInputStream {
    private final BlobKey key;
    private final long length;
    private final BiFunction<String, Throwable, StoreUnavailableException> failure;
    private final MessageDigest sha = HashAlgorithm.SHA_256.newDigest();
    private long read;
    private boolean skipped;
    private boolean checked;

    VerifiedBlobStream(InputStream in, BlobKey key, long length,
                       BiFunction<String, Throwable, StoreUnavailableException> failure) {
        super(in);
        this.key = key;
        this.length = length;
        this.failure = failure;
    }

    /** The length the object store announced; -1 when it announced none. */
    long length() {
        return length;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n;
        try {
            n = in.read(b, off, len);
        } catch (IOException e) {
            throw failure.apply("reading the body failed after " + read + " bytes (" + e.getMessage() + ")", e);
        }
        if (n > 0) {
            sha.update(b, off, n);
            read += n;
        } else if (n < 0) {
            atEnd();
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        skipped = true;
        long s = in.skip(n);
        read += s;
        return s;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void atEnd() {
        if (checked) {
            return;
        }
        checked = true;
        if (length >= 0 && read != length) {
            throw failure.apply("the body ended after " + read + " of " + length + " bytes", null);
        }
        if (!skipped) {
            String actual = HexFormat.of().formatHex(sha.digest());
            if (!actual.equals(key.sha256())) {
                throw failure.apply("the bytes read have SHA-256 " + actual + ", not their key's", null);
            }
        }
    }
}
