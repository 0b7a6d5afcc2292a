package org.lexsync.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lexsync changes}: the change journal in sequence order, one JSON object per line (or a table). */
@Command(name = "changes", mixinStandardHelpOptions = true,
        description = "Prints the change journal (JSON lines by default), oldest first.")
final class ChangesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--since", paramLabel = "SEQ", defaultValue = "0",
            description = "Only rows with a sequence number greater than SEQ (default: ${DEFAULT-VALUE}).")
    long since;

    @Option(names = "--source", paramLabel = "ID", description = "Only this source's rows.")
    String source;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "-1", description = "At most N rows (default: all).")
    long limit;

    @Option(names = "--format", defaultValue = "jsonl", description = "jsonl or table (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        if (since < 0) {
            throw new Main.UsageException("--since must be >= 0, was " + since);
        }
        PrintWriter out = spec.commandLine().getOut();
        long max = limit < 0 ? Long.MAX_VALUE : limit;
        try (LexSync lexsync = storeOptions.openExisting()) {
            if (format == OutputFormat.table) {
                int w = ResourcesCommand.sourceWidth(lexsync, source);
                out.printf(Locale.ROOT, "%8s %-" + w + "s %-8s %-25s %-24s %s%n", "SEQ", "SOURCE", "KIND", "SOURCE TIME",
                        "COLLECTED", "URI");
                lexsync.store().journal(since, source, max, e -> out.printf(Locale.ROOT,
                        "%8d %-" + w + "s %-8s %-25s %-24s %s%n", e.seq(), e.sourceId(), e.kind().name().toLowerCase(Locale.ROOT),
                        ResourcesCommand.text(e.sourceTimestamp()), e.collected(), e.resourceUri()));
            } else {
                try (JsonLines json = new JsonLines(out)) {
                    lexsync.store().journal(since, source, max, e -> json.object(g -> {
                        JsonLines.field(g, "seq", e.seq());
                        JsonLines.field(g, "source", e.sourceId());
                        JsonLines.field(g, "uri", e.resourceUri());
                        JsonLines.field(g, "kind", e.kind().name().toLowerCase(Locale.ROOT));
                        JsonLines.field(g, "sourceTime", e.sourceTimestamp());
                        JsonLines.field(g, "collectedTime", e.collected());
                        JsonLines.field(g, "checksums", e.checksums().isEmpty() ? null : e.checksums());
                        JsonLines.field(g, "run", e.runId());
                    }));
                }
            }
        }
        out.flush();
        return 0;
    }
}
