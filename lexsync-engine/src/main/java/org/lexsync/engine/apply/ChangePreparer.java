package org.lexsync.engine.apply;

import org.lexsync.engine.disk.DiskFailures;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.FileHashes;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.store.BlobStore;
import org.lexsync.engine.store.FileBlobStore;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.model.StoreUnavailableException;

/**
 * Turns one planned change into a {@link Prepared} on a worker thread: fetches each file (conditionally when we hold a
 * copy), checks it against what the source promised (docs/architecture.md, invariant 1), and makes the bytes durable
 * (docs/architecture.md, invariant 2) — large ones as blob files, small ones kept in memory to go into the commit's
 * transaction. Never touches the relational store (the applier reads the stored state in batches).
 */
final class ChangePreparer {
    private final Fetcher fetcher;
    private final BlobStore files;
    private final int smallBlobMax;
    private final int attempts;
    private final Duration retryDelay;
    private final Duration maxRetryDelay;
    /** Where a full or read-only disk is blamed when a blob cannot be written. */
    private final Path blobDir;

    ChangePreparer(Fetcher fetcher, Store store, BlobStore files, int attempts, Duration retryDelay,
                   Duration maxRetryDelay) {
        this.fetcher = fetcher;
        this.files = files;
        this.blobDir = files instanceof FileBlobStore f ? f.root() : store.config().dataDir();
        this.smallBlobMax = store.smallBlobMaxBytes();
        this.attempts = attempts;
        this.retryDelay = retryDelay;
        this.maxRetryDelay = maxRetryDelay;
    }

    /**
     * Prepares a change. {@code current} is the stored active state this change applies to, or null when
     * there is none or it is not known (an earlier change of the same resource is still in flight); only a
     * known state allows the no-fetch shortcut and conditional GET.
     */
    Prepared prepare(PlannedChange change, ResourceState current) {
        if (change.failure() != null) {
            return new Prepared.Failed(change, change.failure());
        }
        if (change.isDelete()) {
            return new Prepared.Ready(change, ResourceWrite.deletion(change.resourceUri(), change.sourceTimestamp(),
                    change.links()),
                    List.of(), 0);
        }
        if (current != null && promisesCurrentState(change, current)) {
            return new Prepared.Unchanged(change);
        }
        Prepared result = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            result = prepareOnce(change, current);
            if (!(result instanceof Prepared.Failed f) || attempt == attempts || !worthRetrying(f.failure())
                    || Thread.currentThread().isInterrupted()) {
                break;
            }
            Duration wait = f.failure().retryAfter() != null && f.failure().retryAfter().compareTo(retryDelay) > 0
                    ? f.failure().retryAfter() : retryDelay;
            if (wait.compareTo(maxRetryDelay) > 0) {
                break;
            }
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return result;
    }

    /** False for failures another try in the same run will not cure (client errors, refusals, size limits). */
    private static boolean worthRetrying(ChangeFailure f) {
        return switch (f.reason()) {
            case "http-status" -> f.status() == 408 || f.status() == 429 || f.status() >= 500;
            case "forbidden-scheme", "forbidden-address", "robots-disallowed", "robots-unavailable", "too-large", "too-many-redirects",
                 "redirect-loop", "interrupted", "local-file", "not-modified-without-copy", "host-unreachable",
                 "foreign-origin" -> false;
            default -> true;
        };
    }

    /** True when the source timestamp is the stored one and every file's promised digest matches the stored file. */
    static boolean promisesCurrentState(PlannedChange change, ResourceState current) {
        if (change.sourceTimestamp() == null || current.sourceTimestamp() == null
                || !change.sourceTimestamp().toString().equals(current.sourceTimestamp().toString())
                || change.representations().size() != current.representations().size()) {
            return false;
        }
        for (int i = 0; i < change.representations().size(); i++) {
            PlannedRepresentation p = change.representations().get(i);
            RepresentationState r = current.representations().get(i);
            if (p.url() == null || !p.url().equals(r.url()) || p.role() != r.role()) {
                return false;
            }
            Optional<Digest> sha = p.expected().get(HashAlgorithm.SHA_256);
            Optional<Digest> md5 = p.expected().get(HashAlgorithm.MD5);
            boolean compared = false;
            if (sha.isPresent()) {
                if (!sha.get().hex().equals(r.sha256())) {
                    return false;
                }
                compared = true;
            }
            if (md5.isPresent() && r.md5() != null) {
                if (!md5.get().hex().equals(r.md5())) {
                    return false;
                }
                compared = true;
            }
            if (!compared || p.length() != null && p.length() != r.length()) {
                return false;
            }
        }
        return true;
    }

    private Prepared prepareOnce(PlannedChange change, ResourceState current) {
        List<RepresentationState> reps = new ArrayList<>(change.representations().size());
        List<InlineBlob> inline = new ArrayList<>(1);
        long inlineBytes = 0;
        for (PlannedRepresentation p : change.representations()) {
            Object r = p.unavailable() != null
                    ? new ChangeFailure(change.resourceUri(), null, p.unavailable().reason(), p.unavailable().message(),
                    0, null)
                    : p.isLocal() ? local(change, p) : fetch(change, p, current);
            if (r instanceof ChangeFailure failure) {
                return new Prepared.Failed(change, failure);
            }
            Stored stored = (Stored) r;
            reps.add(stored.state());
            if (stored.inline() != null) {
                inline.add(stored.inline());
                inlineBytes += stored.inline().bytes().length;
            }
        }
        ResourceWrite write = new ResourceWrite(change.resourceUri(), false, change.sourceTimestamp(), change.published(),
                change.title(), change.links(), reps);
        return new Prepared.Ready(change, write, inline, inlineBytes);
    }

    private record Stored(RepresentationState state, InlineBlob inline) {
    }

    private Object fetch(PlannedChange change, PlannedRepresentation p, ResourceState current) {
        RepresentationState held = null;
        if (current != null) {
            for (RepresentationState r : current.representations()) {
                if (p.url().equals(r.url()) && p.role() == r.role()) {
                    held = r;
                    break;
                }
            }
        }
        Validators validators = held == null ? Validators.NONE : new Validators(held.etag(), held.lastModified());
        FetchRequest request = new FetchRequest(p.url(), Expectation.of(p.expected(), p.length()), validators, p.headers(),
                smallBlobMax);
        FetchResult result = fetcher.fetch(request);
        return switch (result) {
            case FetchResult.Fetched f -> store(change, p, f);
            case FetchResult.NotModified n -> held == null
                    ? new ChangeFailure(change.resourceUri(), p.url().toString(), "not-modified-without-copy",
                    "304 Not Modified but no stored copy", 304, null)
                    : new Stored(new RepresentationState(held.url(), held.role(), held.mediaType(), held.length(),
                    held.md5(), held.sha256(), held.blobKey(), n.etag() != null ? n.etag() : held.etag(),
                    n.lastModified() != null ? n.lastModified() : held.lastModified(), p.links()), null);
            case FetchResult.Failed x -> new ChangeFailure(change.resourceUri(), p.url().toString(),
                    x.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'), x.message(), x.status(), x.retryAfter());
        };
    }

    private Object store(PlannedChange change, PlannedRepresentation p, FetchResult.Fetched f) {
        Path body = f.body();
        try {
            ChangeFailure mismatch = verify(change, p, f.sha256Hex(), f.md5Hex(), f.length());
            if (mismatch != null) {
                TempFiles.deleteQuietly(body);
                return mismatch;
            }
            BlobKey key = new BlobKey(f.sha256Hex());
            InlineBlob inline = null;
            if (f.inline() != null) {
                inline = new InlineBlob(key, f.inline());
            } else if (f.length() <= smallBlobMax) {
                inline = new InlineBlob(key, Files.readAllBytes(body));
                Files.deleteIfExists(body);
            } else {
                files.put(body, key, f.md5Hex());
            }
            String type = f.contentType() != null ? f.contentType() : p.mediaType();
            return new Stored(new RepresentationState(p.url(), p.role(), type, f.length(), f.md5Hex(), f.sha256Hex(),
                    key, f.etag(), f.lastModified(), p.links()), inline);
        } catch (IOException | RuntimeException e) {
            TempFiles.deleteQuietly(body);
            throwIfStoreUnavailable("store the body of " + p.url(), e);
            return new ChangeFailure(change.resourceUri(), p.url().toString(), "blob-store", e.toString(), f.status(), null);
        }
    }

    private Object local(PlannedChange change, PlannedRepresentation p) {
        Path file = p.localFile();
        try {
            long length = file == null ? p.localBytes().length : Files.size(file);
            byte[] small = file == null ? p.localBytes() : length <= smallBlobMax ? Files.readAllBytes(file) : null;
            String sha;
            String md5;
            if (p.md5Verified()) {
                md5 = p.expected().get(HashAlgorithm.MD5).orElseThrow().hex();
                sha = small != null ? HashAlgorithm.SHA_256.hex(small)
                        : FileHashes.hex(file, HashAlgorithm.SHA_256).get(HashAlgorithm.SHA_256);
            } else if (small != null) {
                sha = HashAlgorithm.SHA_256.hex(small);
                md5 = HashAlgorithm.MD5.hex(small);
            } else {
                Map<HashAlgorithm, String> both = FileHashes.hex(file, HashAlgorithm.SHA_256, HashAlgorithm.MD5);
                sha = both.get(HashAlgorithm.SHA_256);
                md5 = both.get(HashAlgorithm.MD5);
            }
            ChangeFailure mismatch = verify(change, p, sha, md5, length);
            if (mismatch != null) {
                return mismatch;
            }
            BlobKey key = new BlobKey(sha);
            InlineBlob inline = null;
            if (small != null && small.length <= smallBlobMax) {
                inline = new InlineBlob(key, small);
                if (file != null) {
                    Files.deleteIfExists(file);
                }
            } else if (file != null) {
                files.put(file, key, md5);
            } else {
                files.put(small);
            }
            return new Stored(new RepresentationState(localOrigin(change, p), p.role(), p.mediaType(), length, md5, sha,
                    key, null, null, p.links()), inline);
        } catch (IOException | RuntimeException e) {
            throwIfStoreUnavailable("store " + (file == null ? "the bytes of " + change.resourceUri() : file), e);
            return new ChangeFailure(change.resourceUri(), null, "local-file", file + ": " + e, 0, null);
        }
    }

    /**
     * A blob that cannot be written because the store's disk is full or read-only is a local store error that
     * stops the run (exit 4), not an item failure that would blame the source; other errors stay item failures.
     */
    private void throwIfStoreUnavailable(String operation, Exception e) {
        if (e instanceof StoreUnavailableException u) {
            throw u;
        }
        IOException io = e instanceof IOException i ? i
                : e instanceof java.io.UncheckedIOException u ? u.getCause() : null;
        if (io != null && DiskFailures.of(blobDir, operation, io) instanceof StoreUnavailableException u) {
            throw u;
        }
    }

    /**
     * The URL a local primary file is stored under: the resource's own URI, which is where its bytes live (a dump
     * bitstream is the content at its {@code loc}, ResourceSync §11.2). The same bytes stored from a fetch of that URI
     * and from a dump then have the same state, so switching between a Resource List and a Resource Dump adds no
     * journal row (docs/architecture.md, "Core model": idempotence). Null for other roles and for a resource URI that is
     * no URI.
     */
    private static URI localOrigin(PlannedChange change, PlannedRepresentation p) {
        if (p.role() != RepresentationRole.PRIMARY) {
            return null;
        }
        try {
            URI uri = new URI(change.resourceUri());
            return uri.isAbsolute() ? uri : null;
        } catch (java.net.URISyntaxException notAUri) {
            return null;
        }
    }

    /** Checks the promised SHA-256, MD5 and length (other algorithms are verified by the fetcher). */
    private static ChangeFailure verify(PlannedChange change, PlannedRepresentation p, String sha, String md5,
                                        long length) {
        String url = p.url() == null ? null : p.url().toString();
        Digests expected = p.expected();
        Optional<Digest> s = expected.get(HashAlgorithm.SHA_256);
        Optional<Digest> m = expected.get(HashAlgorithm.MD5);
        if (s.isPresent() && !s.get().hex().equals(sha) || m.isPresent() && !m.get().hex().equals(md5)) {
            return new ChangeFailure(change.resourceUri(), url, "hash-mismatch",
                    "promised " + expected + " but got sha-256:" + sha + " md5:" + md5, 0, null);
        }
        if (p.length() != null && p.length() != length) {
            return new ChangeFailure(change.resourceUri(), url, "length-mismatch",
                    String.format(Locale.ROOT, "promised %d bytes but got %d", p.length(), length), 0, null);
        }
        if (p.isLocal() && !expected.known().isEmpty()) {
            for (Digest d : expected.known().values()) {
                if (d.algorithm() != HashAlgorithm.SHA_256 && d.algorithm() != HashAlgorithm.MD5) {
                    try {
                        String got = p.localFile() != null
                                ? FileHashes.hex(p.localFile(), d.algorithm()).get(d.algorithm())
                                : d.algorithm().hex(p.localBytes());
                        if (!got.equals(d.hex())) {
                            return new ChangeFailure(change.resourceUri(), url, "hash-mismatch",
                                    "promised " + d + " does not match the local file", 0, null);
                        }
                    } catch (IOException e) {
                        return new ChangeFailure(change.resourceUri(), url, "local-file", e.toString(), 0, null);
                    }
                }
            }
        }
        return null;
    }
}
