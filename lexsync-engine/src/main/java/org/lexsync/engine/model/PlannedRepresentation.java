package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * One file a planned change needs: fetched from {@code url}, or already local — in {@code localFile} (e.g.
 * extracted from a ZIP dump; the applier takes ownership of that file and moves or deletes it) or, when
 * small, in {@code localBytes} (which nobody may change once planned). Carries what the source promised
 * (digests, length, media type), the links it stated for the file and any request headers its fetch needs.
 * A planner that knows the file cannot be had in this run without breaking a rule (e.g. a dump bitstream that
 * cannot be unpacked and whose {@code loc} is on a foreign origin) plans it {@link #unavailable} instead: the
 * change then fails with the planner's reason, without a fetch, and is retried by a later run. {@code md5Verified}:
 * the planner's own check already computed the expected MD5 over these very local bytes (a document group's ZIP check,
 * issue 31), so the applier takes it as the file's MD5 instead of digesting the bytes a second time.
 */
public record PlannedRepresentation(URI url, @Nullable Path localFile, RepresentationRole role, Digests expected, @Nullable Long length,
                                    @Nullable String mediaType, List<Link> links, byte @Nullable [] localBytes,
                                    Map<String, String> headers, @Nullable Unavailable unavailable,
                                    boolean md5Verified) {

    /** Why a file cannot be had: a failure reason (lower-case, hyphenated) and a message naming what and where. */
    public record Unavailable(String reason, String message) {
        public Unavailable {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
        }
    }

    public PlannedRepresentation {
        int sources = (url == null ? 0 : 1) + (localFile == null ? 0 : 1) + (localBytes == null ? 0 : 1)
                + (unavailable == null ? 0 : 1);
        if (sources != 1) {
            throw new IllegalArgumentException("a planned representation has exactly one of a URL, a local file or"
                    + " local bytes, was url=" + url + " localFile=" + localFile + " localBytes="
                    + (localBytes == null ? null : localBytes.length + " bytes"));
        }
        if (url != null && !"http".equalsIgnoreCase(url.getScheme()) && !"https".equalsIgnoreCase(url.getScheme())) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "only http(s) URLs are fetched, was %s", url));
        }
        Objects.requireNonNull(role, "role");
        expected = expected == null ? Digests.NONE : expected;
        if (length != null && length < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "length must be >= 0, was %d", length));
        }
        links = links == null ? List.of() : List.copyOf(links);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        if (md5Verified && (localFile == null && localBytes == null || expected.get(HashAlgorithm.MD5).isEmpty())) {
            throw new IllegalArgumentException("only local bytes with an expected MD5 can have it verified");
        }
    }

    /** A representation fetched, local, or unavailable (see the record's description), its MD5 not verified. */
    public PlannedRepresentation(URI url, Path localFile, RepresentationRole role, Digests expected, Long length,
                                 String mediaType, List<Link> links, byte[] localBytes, Map<String, String> headers,
                                 Unavailable unavailable) {
        this(url, localFile, role, expected, length, mediaType, links, localBytes, headers, unavailable, false);
    }

    /** A representation fetched, or local in a file or in bytes (exactly one of them). */
    public PlannedRepresentation(URI url, Path localFile, RepresentationRole role, Digests expected, Long length,
                                 String mediaType, List<Link> links, byte[] localBytes, Map<String, String> headers) {
        this(url, localFile, role, expected, length, mediaType, links, localBytes, headers, null);
    }

    /** A representation with local bytes or none (see the record's description), without request headers. */
    public PlannedRepresentation(URI url, Path localFile, RepresentationRole role, Digests expected, Long length,
                                 String mediaType, List<Link> links, byte[] localBytes) {
        this(url, localFile, role, expected, length, mediaType, links, localBytes, Map.of());
    }

    /**
     * A copy that sends these request headers when fetching {@code url} (e.g. the source's access token,
     * {@code Authorization: Bearer …}); replaces any headers set before.
     */
    public PlannedRepresentation withHeaders(Map<String, String> requestHeaders) {
        return new PlannedRepresentation(url, localFile, role, expected, length, mediaType, links, localBytes,
                requestHeaders, unavailable, md5Verified);
    }

    /**
     * A copy saying that the expected MD5 was computed over these local bytes by the planner's own check, which
     * refused them had it differed from the promised one; the applier then digests them with SHA-256 only.
     */
    public PlannedRepresentation withVerifiedMd5() {
        return new PlannedRepresentation(url, localFile, role, expected, length, mediaType, links, localBytes, headers,
                unavailable, true);
    }

    /** A representation fetched from {@code url} or read from {@code localFile} (exactly one of them). */
    public PlannedRepresentation(URI url, Path localFile, RepresentationRole role, Digests expected, Long length,
                                 String mediaType, List<Link> links) {
        this(url, localFile, role, expected, length, mediaType, links, null, Map.of());
    }

    /** True when the bytes are already here (a local file or local bytes) and nothing is fetched. */
    public boolean isLocal() {
        return localFile != null || localBytes != null;
    }

    /**
     * A file that cannot be had in this run: the change fails with {@code reason} and {@code message} and is
     * retried by a later run; nothing is fetched. {@code originalUrl} (nullable) is kept as a {@code via} link.
     */
    public static PlannedRepresentation unavailable(RepresentationRole role, URI originalUrl, String reason,
                                                    String message) {
        return new PlannedRepresentation(null, null, role, Digests.NONE, null, null,
                originalUrl == null ? List.of() : List.of(new Link("via", originalUrl.toString())), null, Map.of(),
                new Unavailable(reason, message));
    }

    /** A file to fetch with what the source promised about it. */
    public static PlannedRepresentation fetch(URI url, RepresentationRole role, Digests expected, Long length,
                                              String mediaType) {
        return new PlannedRepresentation(url, null, role, expected, length, mediaType, List.of());
    }

    /** Bytes already on local disk (the applier consumes the file). */
    public static PlannedRepresentation local(Path file, URI originalUrl, RepresentationRole role, Digests expected,
                                              String mediaType) {
        return new PlannedRepresentation(null, file, role, expected, null, mediaType,
                originalUrl == null ? List.of() : List.of(new Link("via", originalUrl.toString())));
    }

    /** Small bytes already in memory (e.g. a dump bitstream); the caller must not change the array afterwards. */
    public static PlannedRepresentation bytes(byte[] bytes, URI originalUrl, RepresentationRole role, Digests expected,
                                              String mediaType) {
        return new PlannedRepresentation(null, null, role, expected, null, mediaType,
                originalUrl == null ? List.of() : List.of(new Link("via", originalUrl.toString())), bytes);
    }
}
