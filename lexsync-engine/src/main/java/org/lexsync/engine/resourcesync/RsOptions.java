package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * The ResourceSync harvester's options, parsed and checked from a job's option map (keys in
 * {@link ResourceSyncHarvester}); a bad value is an {@link IllegalArgumentException} naming key and value.
 */
record RsOptions(Baseline baseline, boolean forceBaseline, boolean delete, HashMode hash, W3cDateTime from,
                 List<Pattern> excludes, URI capabilityList, String accessToken, List<URI> mirrors) {

    /** Where a baseline comes from (ResourceSync §5.2): the Resource List, the Resource Dump, or the dump when offered. */
    enum Baseline { LIST, DUMP, AUTO }

    /** Which of the source's hashes are checked. */
    enum HashMode { ALL, MD5, SHA_256, NONE }

    static RsOptions parse(Map<String, String> options) {
        String b = options.get(ResourceSyncHarvester.OPTION_BASELINE);
        Baseline baseline = b == null ? Baseline.AUTO : switch (b.toLowerCase(Locale.ROOT)) {
            case "list" -> Baseline.LIST;
            case "dump" -> Baseline.DUMP;
            case "auto" -> Baseline.AUTO;
            default -> throw bad(ResourceSyncHarvester.OPTION_BASELINE, b, "list, dump or auto");
        };
        String d = options.getOrDefault(ResourceSyncHarvester.OPTION_DELETE, "true");
        boolean delete = switch (d.toLowerCase(Locale.ROOT)) {
            case "true", "yes" -> true;
            case "false", "no" -> false;
            default -> throw bad(ResourceSyncHarvester.OPTION_DELETE, d, "true or false");
        };
        String h = options.get(ResourceSyncHarvester.OPTION_HASH);
        HashMode hash = h == null ? HashMode.ALL : switch (h.toLowerCase(Locale.ROOT)) {
            case "all" -> HashMode.ALL;
            case "md5" -> HashMode.MD5;
            case "sha-256", "sha256" -> HashMode.SHA_256;
            case "none" -> HashMode.NONE;
            default -> throw bad(ResourceSyncHarvester.OPTION_HASH, h, "md5, sha-256, all or none");
        };
        W3cDateTime from = null;
        String f = options.get(ResourceSyncHarvester.OPTION_FROM);
        if (f != null) {
            ParsedDateTime p = W3cDateTimes.parse(f);
            if (p.value() == null) {
                throw bad(ResourceSyncHarvester.OPTION_FROM, f, "a W3C datetime such as 2024-01-31T00:00:00Z");
            }
            from = p.value();
        }
        List<Pattern> excludes = new ArrayList<>();
        String x = options.get(ResourceSyncHarvester.OPTION_EXCLUDE);
        if (x != null) {
            for (String regex : x.split("\n")) {
                if (!regex.isEmpty()) {
                    try {
                        excludes.add(Pattern.compile(regex));
                    } catch (PatternSyntaxException e) {
                        throw bad(ResourceSyncHarvester.OPTION_EXCLUDE, regex, "a regular expression (" + e.getDescription() + ")");
                    }
                }
            }
        }
        URI capabilityList = null;
        String c = options.get(ResourceSyncHarvester.OPTION_CAPABILITY_LIST);
        if (c != null) {
            try {
                capabilityList = URI.create(c.strip());
            } catch (IllegalArgumentException e) {
                throw bad(ResourceSyncHarvester.OPTION_CAPABILITY_LIST, c, "a URL");
            }
        }
        String token = options.get(ResourceSyncHarvester.OPTION_ACCESS_TOKEN);
        List<URI> mirrors = new ArrayList<>();
        String m = options.get(ResourceSyncHarvester.OPTION_MIRROR);
        if (m != null) {
            for (String line : m.split("\n")) {
                if (!line.isBlank()) {
                    mirrors.add(mirror(line.strip()));
                }
            }
        }
        return new RsOptions(baseline, b != null, delete, hash, from, List.copyOf(excludes), capabilityList,
                token == null || token.isBlank() ? null : token.strip(), List.copyOf(mirrors));
    }

    private static URI mirror(String value) {
        try {
            URI u = new URI(value);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && u.getHost() != null) {
                return u;
            }
        } catch (java.net.URISyntaxException notAUri) {
            // reported below
        }
        throw bad(ResourceSyncHarvester.OPTION_MIRROR, value, "an http(s) URL such as https://mirror.example.org/");
    }

    private static IllegalArgumentException bad(String key, String value, String expected) {
        return new IllegalArgumentException(String.format(Locale.ROOT, "option %s='%s' is not valid: expected %s",
                key, value, expected));
    }

    boolean excluded(String uri) {
        for (Pattern p : excludes) {
            if (p.matcher(uri).find()) {
                return true;
            }
        }
        return false;
    }

    /** The digests to verify, by {@link #hash()}. */
    Digests select(Digests given) {
        return switch (hash) {
            case ALL -> given.known().isEmpty() ? Digests.NONE : new Digests(given.known(), List.of());
            case NONE -> Digests.NONE;
            case MD5 -> only(given, HashAlgorithm.MD5);
            case SHA_256 -> only(given, HashAlgorithm.SHA_256);
        };
    }

    private static Digests only(Digests given, HashAlgorithm a) {
        Digest d = given.get(a).orElse(null);
        return d == null ? Digests.NONE : Digests.of(d);
    }
}
