package org.lexsync.cli;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.model.ResourceSyncOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync sync resourcesync URL}: keeps a verified local copy of a ResourceSync source
 * (ANSI/NISO Z39.99-2014): discovery from any URL, a baseline from the Resource List or Resource Dump on
 * first use, then incremental synchronisation from Change Lists or Change Dumps.
 */
@Command(name = "resourcesync", mixinStandardHelpOptions = true,
        description = "Syncs a ResourceSync source: baseline (Resource List or Dump) on first use, then changes"
                + " (Change Lists or Dumps) from the checkpoint. Every hash the source gives is verified.")
final class ResourceSyncSyncCommand implements Callable<Integer> {
    /** Politeness default for ResourceSync sources: one request a second per host. */
    static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);

    /** Where a forced baseline comes from. */
    enum BaselineMode { list, dump, auto }

    /** Which of the source's hashes are verified. */
    enum HashChoice { md5, sha256, none, all }

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    HarvestOptions harvestOptions;

    @Mixin
    ResourceSyncTarget target;

    @Option(names = "--baseline", paramLabel = "MODE",
            description = "Force a baseline from the Resource List (list), the Resource Dump (dump) or the dump when"
                    + " offered (auto). Without it the first run does an auto baseline, later runs are incremental.")
    BaselineMode baseline;

    @Option(names = "--delete", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Apply deletes (kept in the journal); --no-delete keeps deleted resources.")
    boolean delete;

    @Option(names = "--hash", paramLabel = "ALG", converter = HashConverter.class,
            description = "Verify only this algorithm of the source's hashes: md5, sha-256 or none"
                    + " (default: every algorithm the source gives).")
    HashChoice hash;

    @Option(names = "--from", paramLabel = "DATETIME",
            description = "Without a baseline, apply changes from this W3C datetime on (e.g. 2024-05-01T00:00:00Z).")
    String from;

    @Option(names = "--exclude", paramLabel = "REGEX",
            description = "Skip resources whose URI matches (repeatable).")
    List<String> excludes;

    @Option(names = "--mirror", paramLabel = "URL",
            description = "An origin besides the source's own from which a Resource Dump entry that cannot be unpacked"
                    + " may be fetched at its loc (repeatable); a loc elsewhere fails that resource.")
    List<URI> mirrors;

    @Override
    public Integer call() {
        target.validate();
        ResourceSyncOptions.Builder options = target.options().delete(delete);
        if (baseline != null) {
            options.baseline(switch (baseline) {
                case list -> ResourceSyncOptions.Baseline.LIST;
                case dump -> ResourceSyncOptions.Baseline.DUMP;
                case auto -> ResourceSyncOptions.Baseline.AUTO;
            }).forceBaseline(true);
        }
        if (hash != null) {
            options.hash(switch (hash) {
                case md5 -> ResourceSyncOptions.HashCheck.MD5;
                case sha256 -> ResourceSyncOptions.HashCheck.SHA_256;
                case none -> ResourceSyncOptions.HashCheck.NONE;
                case all -> ResourceSyncOptions.HashCheck.ALL;
            });
        }
        if (from != null) {
            W3cDateTime at = W3cDateTimes.parse(from).value();
            if (at == null) {
                throw new Main.UsageException("--from must be a W3C datetime such as 2024-05-01T00:00:00Z, was " + from);
            }
            options.from(at);
        }
        if (excludes != null) {
            for (String x : excludes) {
                Pattern p;
                try {
                    p = Pattern.compile(x);
                } catch (PatternSyntaxException e) {
                    throw new Main.UsageException("--exclude '" + x + "' is not a regular expression: " + e.getDescription());
                }
                if (x.indexOf('\n') >= 0) {
                    throw new Main.UsageException("--exclude must not contain a line break");
                }
                if (!x.isEmpty()) {
                    options.exclude(p); // an empty pattern excludes nothing, as in lexsync.yaml
                }
            }
        }
        if (mirrors != null) {
            for (URI m : mirrors) {
                String scheme = m.getScheme() == null ? "" : m.getScheme().toLowerCase(Locale.ROOT);
                if (m.getHost() == null || !scheme.equals("http") && !scheme.equals("https")) {
                    throw new Main.UsageException("--mirror must be an http(s) URL such as https://mirror.example.org/,"
                            + " was " + m);
                }
                options.mirror(m);
            }
        }
        HarvestRunner runner = new HarvestRunner(storeOptions, harvestOptions, spec.commandLine().getOut(),
                spec.commandLine().getErr());
        return runner.run(options.build(), List.of(target.url), DEFAULT_DELAY);
    }

    /** Accepts {@code sha-256} as well as {@code sha256}. */
    static final class HashConverter implements picocli.CommandLine.ITypeConverter<HashChoice> {
        @Override
        public HashChoice convert(String value) {
            String v = value.toLowerCase(Locale.ROOT).replace("-", "");
            for (HashChoice c : HashChoice.values()) {
                if (c.name().equals(v)) {
                    return c;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("expected md5, sha-256, none or all, was " + value);
        }
    }
}
