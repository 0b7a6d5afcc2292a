package org.lexsync.cli;

import org.lexsync.engine.Outboxes;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.OutboxReport;
import org.lexsync.engine.model.UploadOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync ingest FILE.zip|OUTBOX-DIR --to URL --token T} (issue 18): uploads one document group (a ZIP holding
 * {@code metainfo.xml}) or every pending group of an outbox to a LexSync ingestion service, one line per group.
 * Exit codes (docs/architecture.md, "Exit codes"): 0 every group acknowledged, 1 some refused (set aside with the
 * server's answer), 2 usage, 3 the server could not be reached or kept failing (the outbox keeps the rest for the next
 * start, EUCases D2.1 §1.3.2).
 */
@Command(name = "ingest", mixinStandardHelpOptions = true,
        description = "Uploads a document group (ZIP with metainfo.xml) or an outbox directory to an ingestion service.")
final class IngestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.zip|OUTBOX-DIR",
            description = "A group's ZIP holding metainfo.xml, or an outbox directory (NNN.xml + NNN.zip per group).")
    Path target;

    @Option(names = "--to", required = true, paramLabel = "URL",
            description = "The server's base URL, e.g. http://127.0.0.1:8080/")
    URI to;

    @Option(names = "--token", required = true, paramLabel = "T",
            description = "A bearer token of role ingest (its name is the crawler the groups belong to).")
    String token;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Longest one upload may take (default ${DEFAULT-VALUE} s).")
    int timeoutSeconds;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        String scheme = to.getScheme() == null ? "" : to.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            err.println("lexsync: --to must be an http(s) URL, was " + to);
            return Main.EXIT_USAGE;
        }
        Duration timeout = Duration.ofSeconds(Math.max(1, timeoutSeconds));
        if (Files.isDirectory(target)) {
            OutboxReport report = Outboxes.send(target, to, token, timeout);
            report.outcomes().forEach(o -> out.println(line(o)));
            out.println(String.format(Locale.ROOT, "%d acknowledged, %d refused, %d pending", report.acknowledged(),
                    report.refused(), report.pending()));
            return exit(report.outcomes());
        }
        if (!Files.isRegularFile(target)) {
            err.println("lexsync: no such file or directory: " + target);
            return Main.EXIT_USAGE;
        }
        UploadOutcome o = Outboxes.sendPackage(target, to, token, timeout);
        out.println(line(o));
        return exit(List.of(o));
    }

    private static String line(UploadOutcome o) {
        return switch (o.status()) {
            case ACKNOWLEDGED -> o.entry() + ": " + o.answer();
            case REFUSED -> String.format(Locale.ROOT, "%s: refused (HTTP %d): %s", o.entry(), o.http(), o.answer());
            case NOT_DELIVERED -> String.format(Locale.ROOT, "%s: not delivered%s: %s", o.entry(),
                    o.http() > 0 ? " (HTTP " + o.http() + ")" : "", o.answer());
        };
    }

    private static int exit(List<UploadOutcome> outcomes) {
        if (outcomes.stream().anyMatch(o -> o.status() == UploadOutcome.Status.NOT_DELIVERED)) {
            return Main.EXIT_UNREADABLE;
        }
        return outcomes.stream().anyMatch(o -> o.status() == UploadOutcome.Status.REFUSED) ? Main.EXIT_FAILURES : 0;
    }
}
