package org.lexsync.engine.model;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.jspecify.annotations.Nullable;

/**
 * How a ResourceSync source is harvested (ResourceSync §5.2 baselines, §12 change lists).
 *
 * @param baseline      where a baseline comes from: the Resource List, the Resource Dump, or the dump when offered
 * @param forceBaseline take a baseline even when the store already holds one (the command line's {@code --baseline})
 * @param delete        delete resources the source no longer lists or deletes
 * @param hash          which of the source's hashes are verified
 * @param from          without a baseline, apply the changes from then on; null for none
 * @param excludes      resources whose URI any of these finds are skipped
 * @param capabilityList sync this capability set only; null to discover the source's sets
 * @param accessToken   sent as a bearer token with the source's documents and resources on its origin; null for none
 * @param mirrors       origins besides the source's own from which a dump entry may be fetched by its {@code loc}
 * @param scratchDir    where dump bitstreams are unpacked; null for the store's temp directory
 */
public record ResourceSyncOptions(Baseline baseline, boolean forceBaseline, boolean delete, HashCheck hash,
                                  @Nullable W3cDateTime from, List<Pattern> excludes, @Nullable URI capabilityList,
                                  @Nullable String accessToken, List<URI> mirrors, @Nullable Path scratchDir)
        implements ProtocolOptions {
    public static final String PROTOCOL = "resourcesync";
    public static final String KEY_BASELINE = "baseline";
    public static final String KEY_DELETE = "delete";
    public static final String KEY_HASH = "hash";
    public static final String KEY_FROM = "from";
    /** Regular expressions, one per line. */
    public static final String KEY_EXCLUDE = "exclude";
    public static final String KEY_CAPABILITY_LIST = "capability-list";
    public static final String KEY_ACCESS_TOKEN = "access-token";
    /** Mirror origins, one per line. */
    public static final String KEY_MIRROR = "mirror";
    public static final String KEY_SCRATCH_DIR = "scratch-dir";
    /** The option keys {@link #fromText} reads. */
    public static final List<String> KEYS = List.of(KEY_BASELINE, KEY_DELETE, KEY_HASH, KEY_FROM, KEY_EXCLUDE,
            KEY_CAPABILITY_LIST, KEY_ACCESS_TOKEN, KEY_MIRROR, KEY_SCRATCH_DIR);
    /** The defaults: baseline from the dump when offered, deletes applied, every known hash verified. */
    public static final ResourceSyncOptions DEFAULT = builder().build();

    /** Where a baseline comes from (ResourceSync §5.2). */
    public enum Baseline { LIST, DUMP, AUTO }

    /** Which of the source's hashes are checked. */
    public enum HashCheck { ALL, MD5, SHA_256, NONE }

    public ResourceSyncOptions {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(hash, "hash");
        excludes = List.copyOf(excludes);
        mirrors = List.copyOf(mirrors);
        for (URI m : mirrors) {
            if (!httpUrl(m)) {
                throw new OptionException(KEY_MIRROR, String.valueOf(m), "an http(s) URL such as https://mirror.example.org/");
            }
        }
        accessToken = accessToken == null || accessToken.isBlank() ? null : accessToken.strip();
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.baseline = baseline;
        b.forceBaseline = forceBaseline;
        b.delete = delete;
        b.hash = hash;
        b.from = from;
        b.excludes.addAll(excludes);
        b.capabilityList = capabilityList;
        b.accessToken = accessToken;
        b.mirrors.addAll(mirrors);
        b.scratchDir = scratchDir;
        return b;
    }

    /**
     * The options given as text ({@code lexsync.yaml}, keys {@link #KEYS}); a bad value is an {@link OptionException}
     * naming key and value. A {@code baseline} given forces one.
     */
    public static ResourceSyncOptions fromText(Map<String, String> text) {
        Builder b = builder();
        String baseline = OptionText.lower(text, KEY_BASELINE);
        if (baseline != null) {
            b.baseline(switch (baseline) {
                case "list" -> Baseline.LIST;
                case "dump" -> Baseline.DUMP;
                case "auto" -> Baseline.AUTO;
                default -> throw new OptionException(KEY_BASELINE, text.get(KEY_BASELINE), "one of list, dump, auto");
            }).forceBaseline(true);
        }
        b.delete(OptionText.bool(text, KEY_DELETE, true));
        String hash = OptionText.lower(text, KEY_HASH);
        if (hash != null) {
            b.hash(switch (hash) {
                case "all" -> HashCheck.ALL;
                case "md5" -> HashCheck.MD5;
                case "sha-256", "sha256" -> HashCheck.SHA_256;
                case "none" -> HashCheck.NONE;
                default -> throw new OptionException(KEY_HASH, text.get(KEY_HASH), "one of all, md5, sha-256, sha256, none");
            });
        }
        String from = text.get(KEY_FROM);
        if (from != null) {
            ParsedDateTime p = W3cDateTimes.parse(from);
            if (p.value() == null) {
                throw new OptionException(KEY_FROM, from, "a W3C datetime such as 2024-01-31T00:00:00Z");
            }
            b.from(p.value());
        }
        String exclude = text.get(KEY_EXCLUDE);
        if (exclude != null) {
            for (String regex : exclude.split("\n")) {
                if (!regex.isEmpty()) {
                    try {
                        b.exclude(Pattern.compile(regex));
                    } catch (PatternSyntaxException e) {
                        throw new OptionException(KEY_EXCLUDE, regex, "a regular expression (" + e.getDescription() + ")");
                    }
                }
            }
        }
        String capabilityList = text.get(KEY_CAPABILITY_LIST);
        if (capabilityList != null) {
            try {
                URI u = new URI(capabilityList.strip());
                if (!httpUrl(u)) {
                    throw new URISyntaxException(capabilityList, "not an http(s) URL");
                }
                b.capabilityList(u);
            } catch (URISyntaxException e) {
                throw new OptionException(KEY_CAPABILITY_LIST, capabilityList, "an absolute http(s) URL");
            }
        }
        b.accessToken(text.get(KEY_ACCESS_TOKEN));
        for (String line : OptionText.lines(text.get(KEY_MIRROR))) {
            try {
                b.mirror(new URI(line));
            } catch (URISyntaxException e) {
                throw new OptionException(KEY_MIRROR, line, "an http(s) URL such as https://mirror.example.org/");
            }
        }
        String scratch = text.get(KEY_SCRATCH_DIR);
        if (scratch != null && !scratch.isBlank()) {
            try {
                b.scratchDir(Path.of(scratch.strip()));
            } catch (RuntimeException e) {
                throw new OptionException(KEY_SCRATCH_DIR, scratch, "a directory path");
            }
        }
        return b.build();
    }

    /** True when a configured exclusion finds {@code uri}. */
    public boolean excluded(String uri) {
        for (Pattern p : excludes) {
            if (p.matcher(uri).find()) {
                return true;
            }
        }
        return false;
    }

    /** The digests to verify of those the source gave, by {@link #hash()}. */
    public Digests select(Digests given) {
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

    private static boolean httpUrl(URI u) {
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        return (scheme.equals("http") || scheme.equals("https")) && u.getHost() != null;
    }

    /** Builds {@link ResourceSyncOptions}; starts from the defaults. */
    public static final class Builder {
        private Baseline baseline = Baseline.AUTO;
        private boolean forceBaseline;
        private boolean delete = true;
        private HashCheck hash = HashCheck.ALL;
        private @Nullable W3cDateTime from;
        private final List<Pattern> excludes = new ArrayList<>();
        private @Nullable URI capabilityList;
        private @Nullable String accessToken;
        private final List<URI> mirrors = new ArrayList<>();
        private @Nullable Path scratchDir;

        private Builder() {
        }

        public Builder baseline(Baseline value) {
            baseline = Objects.requireNonNull(value, "baseline");
            return this;
        }

        public Builder forceBaseline(boolean value) {
            forceBaseline = value;
            return this;
        }

        public Builder delete(boolean value) {
            delete = value;
            return this;
        }

        public Builder hash(HashCheck value) {
            hash = Objects.requireNonNull(value, "hash");
            return this;
        }

        public Builder from(@Nullable W3cDateTime value) {
            from = value;
            return this;
        }

        public Builder exclude(Pattern value) {
            excludes.add(Objects.requireNonNull(value, "exclude"));
            return this;
        }

        public Builder capabilityList(@Nullable URI value) {
            capabilityList = value;
            return this;
        }

        public Builder accessToken(@Nullable String value) {
            accessToken = value;
            return this;
        }

        /** Adds a mirror origin; it must be an http(s) URL. */
        public Builder mirror(URI value) {
            if (!httpUrl(Objects.requireNonNull(value, "mirror"))) {
                throw new OptionException(KEY_MIRROR, value.toString(), "an http(s) URL such as https://mirror.example.org/");
            }
            mirrors.add(value);
            return this;
        }

        public Builder scratchDir(@Nullable Path value) {
            scratchDir = value;
            return this;
        }

        public ResourceSyncOptions build() {
            return new ResourceSyncOptions(baseline, forceBaseline, delete, hash, from, excludes, capabilityList,
                    accessToken, mirrors, scratchDir);
        }
    }
}
