package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.ResourceSyncOptions;
import java.net.URI;
import java.util.List;
import java.util.Locale;

import org.lexsync.core.uri.Origins;

/**
 * Where a dump entry that the package cannot give may be fetched instead (issue 13.5): at its {@code loc} only
 * when that is on the source's own origin (RFC 6454: the origin of the set's Capability List, which the source
 * itself published) or on a mirror the operator configured ({@value ResourceSyncOptions#KEY_MIRROR}). A
 * manifest inside a package is the least checked document a source hands over; it must not send the harvester
 * to arbitrary hosts.
 */
final class DumpFallback {
    private final URI source;
    private final List<URI> mirrors;

    DumpFallback(URI source, List<URI> mirrors) {
        this.source = source;
        this.mirrors = List.copyOf(mirrors);
    }

    /** True when {@code loc} may be fetched in place of the bitstream. */
    boolean allows(URI loc) {
        if (Origins.sameOrigin(loc, source)) {
            return true;
        }
        for (URI m : mirrors) {
            if (Origins.sameOrigin(loc, m)) {
                return true;
            }
        }
        return false;
    }

    /** Why {@code loc} is not fetched, naming the origins that would have been. */
    String refusal(URI loc, String why) {
        StringBuilder allowed = new StringBuilder(origin(source));
        for (URI m : mirrors) {
            allowed.append(", ").append(origin(m));
        }
        return String.format(Locale.ROOT, "%s, and its loc %s is not on the source's origin or a configured mirror"
                + " (%s), so it is not fetched from there", why, loc, allowed);
    }

    private static String origin(URI u) {
        return u.getScheme().toLowerCase(Locale.ROOT) + "://" + u.getHost().toLowerCase(Locale.ROOT) + ":"
                + Origins.port(u);
    }
}
