package org.lexsync.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.LexSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync runs}: the harvest runs (newest first) with their counts, the items still failing
 * (they are retried on the next run) and the conformance findings recorded per run.
 */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = "Prints the harvest runs with their counts, current item failures and findings.")
final class RunsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--source", paramLabel = "ID", description = "Only this source's runs.")
    String source;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "20", description = "At most N runs (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--findings", paramLabel = "N", defaultValue = "20",
            description = "Findings shown per run (default: ${DEFAULT-VALUE}; 0 for none).")
    int findingsShown;

    @Option(names = "--format", defaultValue = "table", description = "table or jsonl (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (LexSync lexsync = storeOptions.openExisting()) {
            List<RunRecord> runs = lexsync.store().runs(source, limit);
            List<ItemFailure> failures = lexsync.store().failures(source);
            if (format == OutputFormat.jsonl) {
                try (JsonLines json = new JsonLines(out)) {
                    for (RunRecord r : runs) {
                        List<RunFinding> findings = lexsync.store().findings(r.id());
                        json.object(g -> {
                            JsonLines.field(g, "run", r.id());
                            JsonLines.field(g, "source", r.sourceId());
                            JsonLines.field(g, "started", r.started());
                            JsonLines.field(g, "ended", r.ended());
                            JsonLines.field(g, "status", r.status().name().toLowerCase(Locale.ROOT));
                            JsonLines.field(g, "created", r.counts().created());
                            JsonLines.field(g, "updated", r.counts().updated());
                            JsonLines.field(g, "deleted", r.counts().deleted());
                            JsonLines.field(g, "unchanged", r.counts().unchanged());
                            JsonLines.field(g, "failed", r.counts().failed());
                            JsonLines.field(g, "error", r.error());
                            JsonLines.field(g, "findings", findings.size());
                        });
                    }
                    for (ItemFailure f : failures) {
                        json.object(g -> {
                            JsonLines.field(g, "failure", f.resourceUri());
                            JsonLines.field(g, "source", f.sourceId());
                            JsonLines.field(g, "url", f.url());
                            JsonLines.field(g, "reason", f.reason());
                            JsonLines.field(g, "message", f.message());
                            JsonLines.field(g, "tries", f.tries());
                            JsonLines.field(g, "status", f.status().token());
                            JsonLines.field(g, "first_failed", f.firstFailed());
                            JsonLines.field(g, "last_failed", f.lastFailed());
                            JsonLines.field(g, "next_try", f.nextTry());
                        });
                    }
                }
            } else {
                if (runs.isEmpty()) {
                    out.println("no runs yet");
                }
                for (RunRecord r : runs) {
                    out.printf(Locale.ROOT, "run %d  %s  %s  %s -> %s%n", r.id(), r.sourceId(),
                            r.status().name().toLowerCase(Locale.ROOT), r.started(), r.ended() != null ? r.ended()
                                    : r.status() == RunStatus.RUNNING ? "(running)" : "(its process ended without finishing it)");
                    out.printf(Locale.ROOT, "  created %d, updated %d, deleted %d, unchanged %d, failed %d%n",
                            r.counts().created(), r.counts().updated(), r.counts().deleted(), r.counts().unchanged(),
                            r.counts().failed());
                    if (r.error() != null) {
                        out.println("  error: " + r.error());
                    }
                    if (findingsShown > 0) {
                        List<RunFinding> findings = lexsync.store().findings(r.id());
                        if (!findings.isEmpty()) {
                            out.printf(Locale.ROOT, "  findings: %d%n", findings.size());
                        }
                        findings.stream().limit(findingsShown).forEach(f -> out.println("    "
                                + (f.resourceUri() == null ? "" : f.resourceUri() + ": ") + f.finding()));
                    }
                }
                List<ItemFailure> quarantined = failures.stream().filter(ItemFailure::quarantined).toList();
                List<ItemFailure> failing = failures.stream().filter(f -> !f.quarantined()).toList();
                if (!failing.isEmpty()) {
                    out.printf(Locale.ROOT, "%nitems failing (retried on the next run): %d%n", failing.size());
                    for (ItemFailure f : failing) {
                        out.printf(Locale.ROOT, "  %s  %s  %s: %s (failed in %d run%s since %s)%n", f.sourceId(),
                                f.resourceUri(), f.reason(), f.message(), f.tries(), f.tries() == 1 ? "" : "s",
                                f.firstFailed());
                    }
                }
                if (!quarantined.isEmpty()) {
                    out.printf(Locale.ROOT, "%nitems quarantined (the checkpoint passed them; each is retried on its own):"
                            + " %d%n", quarantined.size());
                    for (ItemFailure f : quarantined) {
                        out.printf(Locale.ROOT, "  %s  %s  %s: %s (failed in %d runs, first %s, next try %s)%n",
                                f.sourceId(), f.resourceUri(), f.reason(), f.message(), f.tries(), f.firstFailed(),
                                f.nextTry() == null ? "next run" : f.nextTry());
                    }
                }
            }
        }
        out.flush();
        return 0;
    }
}
