package org.lexsync.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.Source;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync crawl SOURCE-ID}: runs a configured portal crawler once (a {@code protocol: crawler} source of
 * {@code lexsync.yaml}; docs/crawlers.md), resuming at the listing cursor a stopped crawl left. The same run as
 * {@code lexsync sync --config FILE SOURCE-ID}, with the same exit codes; it refuses a source of another protocol.
 */
@Command(name = "crawl", mixinStandardHelpOptions = true,
        description = "Runs a configured portal crawler once (resumes where a stopped crawl left off).")
final class CrawlCommand implements Callable<Integer> {
    static final String PROTOCOL = "crawler";

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    HarvestOptions harvestOptions;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Sources file (default: ./lexsync.yaml, else lexsync.yaml in the data directory).")
    Path config;

    @Parameters(index = "0", paramLabel = "SOURCE-ID", description = "The crawler source to run.")
    String sourceId;

    @Override
    public Integer call() {
        Path file = ConfigFiles.locate(config, storeOptions);
        if (file == null) {
            throw new Main.UsageException("give --config FILE: there is no " + ConfigFiles.lookedIn(storeOptions));
        }
        List<Source> sources = ConfigFiles.read(file);
        Source source = sources.stream().filter(s -> s.id().equals(sourceId)).findFirst()
                .orElseThrow(() -> new Main.UsageException(String.format(Locale.ROOT, "no source '%s' in %s (sources: %s)",
                        sourceId, file, String.join(", ", sources.stream().map(Source::id).toList()))));
        if (!PROTOCOL.equals(source.protocol())) {
            throw new Main.UsageException(String.format(Locale.ROOT, "source '%s' in %s is a %s source, not a crawler:"
                    + " use 'lexsync sync --config %s %s'", sourceId, file, source.protocol(), file, sourceId));
        }
        boolean concurrencyGiven = spec.commandLine().getParseResult().hasMatchedOption("--concurrency");
        return new ConfiguredSync(storeOptions, harvestOptions, concurrencyGiven, spec.commandLine().getOut(),
                spec.commandLine().getErr()).run(file, List.of(sourceId));
    }
}
