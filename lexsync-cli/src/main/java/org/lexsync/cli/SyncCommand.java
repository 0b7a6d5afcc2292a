package org.lexsync.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync sync <protocol> …}: harvests a source once, baseline or incremental from its checkpoint.
 * Each protocol is a subcommand of its own. Without one, syncs the sources of {@code lexsync.yaml}
 * ({@code --config FILE}, else the one in the working directory, else the data directory's): the named ids, or all approved sources.
 */
@Command(name = "sync", mixinStandardHelpOptions = true,
        description = "Harvests a source once (baseline on first use, incremental afterwards).",
        subcommands = {AtomSyncCommand.class, ResourceSyncSyncCommand.class, EliSyncCommand.class})
final class SyncCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    HarvestOptions harvestOptions;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Sources file (default: ./lexsync.yaml, else lexsync.yaml in the data directory).")
    Path config;

    @Parameters(arity = "0..*", paramLabel = "ID", description = "Configured sources to sync (default: all approved).")
    List<String> ids;

    @Override
    public Integer call() {
        storeOptions.useConfig(config);
        Path file = ConfigFiles.locate(config, storeOptions);
        if (file != null) {
            boolean concurrencyGiven = spec.commandLine().getParseResult().hasMatchedOption("--concurrency");
            return new ConfiguredSync(storeOptions, harvestOptions, concurrencyGiven, spec.commandLine().getOut(),
                    spec.commandLine().getErr()).run(file, ids);
        }
        throw new Main.UsageException("name a protocol, e.g. 'lexsync sync resourcesync URL' (see 'lexsync help sync"
                + " resourcesync'), or give --config FILE: there is no " + ConfigFiles.lookedIn(storeOptions));
    }
}
