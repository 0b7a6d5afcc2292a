package org.lexsync.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.LexSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync gc}: deletes blobs that neither a current file nor a journal row names (the journal keeps every
 * version's bytes, which the published aggregate links): what is left to collect is bytes no commit kept.
 */
@Command(name = "gc", mixinStandardHelpOptions = true,
        description = "Deletes blobs that no current file and no journal row references (bytes of failed or refused commits).")
final class GcCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--grace", paramLabel = "DURATION", defaultValue = "PT1H",
            description = "Keep blobs written within this ISO-8601 duration, in case a sync is running (default: ${DEFAULT-VALUE}).")
    Duration grace;

    @Override
    public Integer call() {
        if (grace.isNegative()) {
            throw new Main.UsageException("--grace must not be negative, was " + grace);
        }
        PrintWriter out = spec.commandLine().getOut();
        try (LexSync lexsync = storeOptions.openExistingForWriting()) {
            GcReport report = lexsync.store().gc(grace);
            out.printf(Locale.ROOT, "examined %d blobs, deleted %d, freed %d bytes%n", report.examined(), report.deleted(),
                    report.bytesFreed());
        }
        out.flush();
        return 0;
    }
}
