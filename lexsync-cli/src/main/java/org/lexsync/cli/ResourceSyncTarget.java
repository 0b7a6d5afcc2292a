package org.lexsync.cli;

import java.net.URI;
import java.util.Locale;
import org.lexsync.engine.model.ResourceSyncOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The ResourceSync source a command works on — its URL, the one Capability List to keep to, and the bearer
 * token — shared by {@code lexsync sync resourcesync} and {@code lexsync audit resourcesync} so that both read
 * and check them the same way.
 */
final class ResourceSyncTarget {
    @Parameters(index = "0", paramLabel = "URL",
            description = "A base URL, Source Description, Capability List or any capability document.")
    URI url;

    @Option(names = "--capability-list", paramLabel = "URL",
            description = "Only this Capability List's set (default: every set the source describes).")
    URI capabilityList;

    @Option(names = "--access-token", paramLabel = "T",
            description = "Bearer token sent with the source's ResourceSync documents, dump packages and the"
                    + " resources on the same origin (never to other hosts).")
    String accessToken;

    /** Rejects a URL or capability list that is not an absolute http(s) URL, as a usage error. */
    void validate() {
        requireHttp(url, "URL");
        if (capabilityList != null) {
            requireHttp(capabilityList, "--capability-list");
        }
    }

    /** Options naming this target's Capability List and token; the command adds its own. */
    ResourceSyncOptions.Builder options() {
        return ResourceSyncOptions.builder().capabilityList(capabilityList).accessToken(accessToken);
    }

    private static void requireHttp(URI uri, String what) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new Main.UsageException(what + " must be an absolute http(s) URL, was " + uri);
        }
    }
}
