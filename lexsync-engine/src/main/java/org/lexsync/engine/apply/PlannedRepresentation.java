package org.lexsync.engine.apply;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.lexsync.core.checksum.Digests;
import org.lexsync.engine.store.Link;
import org.lexsync.engine.store.RepresentationRole;

/**
 * One file a planned change needs: fetched from {@code url}, or already local in {@code localFile}
 * (e.g. extracted from a ZIP dump; the applier takes ownership of that file and moves or deletes it).
 * Carries what the source promised (digests, length, media type) and the links it stated for the file.
 */
public record PlannedRepresentation(URI url, Path localFile, RepresentationRole role, Digests expected, Long length,
                                    String mediaType, List<Link> links) {

    public PlannedRepresentation {
        if ((url == null) == (localFile == null)) {
            throw new IllegalArgumentException("a planned representation has either a URL or a local file, was url="
                    + url + " localFile=" + localFile);
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
}
