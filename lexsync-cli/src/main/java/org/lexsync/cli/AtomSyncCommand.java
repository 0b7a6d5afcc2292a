package org.lexsync.cli;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.AtomOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync sync atom URL}: collects a Swedish-style Atom source (rinfo-atom-insamling §8) from its
 * subscription feed: archives walked back to what is already collected and applied oldest first, or a
 * complete feed mirrored with a guard against mass deletion.
 */
@Command(name = "atom", mixinStandardHelpOptions = true,
        description = "Collects an Atom archive feed (rinfo method): follows prev-archive back to what is already"
                + " collected, then applies entries and deletions oldest first; complete feeds (fh:complete) are mirrored.")
final class AtomSyncCommand implements Callable<Integer> {
    /** Politeness default for Atom sources: one request a second. */
    static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    HarvestOptions harvestOptions;

    @Parameters(index = "0", paramLabel = "URL", description = "The subscription feed document.")
    URI url;

    @Option(names = "--max-delete-fraction", paramLabel = "F", defaultValue = "0.5",
            description = "A complete feed may delete at most this share of the held entries in one run"
                    + " (default: ${DEFAULT-VALUE}); more is refused with a finding.")
    double maxDeleteFraction;

    @Override
    public Integer call() {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new Main.UsageException("URL must be an absolute http(s) URL, was " + url);
        }
        if (!(maxDeleteFraction >= 0 && maxDeleteFraction <= 1)) {
            throw new Main.UsageException("--max-delete-fraction must be between 0 and 1, was " + maxDeleteFraction);
        }
        HarvestRunner runner = new HarvestRunner(storeOptions, harvestOptions, spec.commandLine().getOut(),
                spec.commandLine().getErr());
        return runner.run(new AtomOptions(maxDeleteFraction), List.of(url), DEFAULT_DELAY);
    }
}
