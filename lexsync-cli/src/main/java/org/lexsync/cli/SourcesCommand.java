package org.lexsync.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync sources}: the sources of {@code lexsync.yaml} and of the store, with approval, last run
 * and state (resources held, open failures, checkpoint), so an operator sees at a glance what is collected.
 */
@Command(name = "sources", mixinStandardHelpOptions = true,
        description = "Lists the configured and known sources with their last run and state.")
final class SourcesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Sources file (default: ./lexsync.yaml, else lexsync.yaml in the data directory).")
    Path config;

    @Option(names = "--format", defaultValue = "table", description = "table or jsonl (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    /** One line of the listing. */
    private record Row(String id, String protocol, boolean approved, List<String> urls, String origin, String contact,
                       RunRecord lastRun, long resources, long failures, long quarantined, String checkpoint) {
    }

    @Override
    public Integer call() {
        storeOptions.useConfig(config);
        PrintWriter out = spec.commandLine().getOut();
        Path file = ConfigFiles.locate(config, storeOptions);
        List<Source> cfg = file == null ? null : ConfigFiles.read(file);
        Map<String, SourceRecord> all = new LinkedHashMap<>();
        Map<String, String> origin = new LinkedHashMap<>();
        if (cfg != null) {
            cfg.forEach(s -> {
                all.put(s.id(), s.toRecord());
                origin.put(s.id(), "config");
            });
        }
        List<Row> rows = new ArrayList<>();
        try (LexSync lexsync = openIfPresent()) {
            if (lexsync != null) {
                for (SourceRecord r : lexsync.store().storedSources()) {
                    all.putIfAbsent(r.id(), r);
                    origin.putIfAbsent(r.id(), "store");
                }
            }
            for (SourceRecord r : all.values()) {
                RunRecord last = null;
                long resources = 0;
                long failures = 0;
                long quarantined = 0;
                String checkpoint = null;
                String contact = r.contact();
                if (lexsync != null) {
                    if (contact == null) {
                        contact = lexsync.store().storedSource(r.id()).map(SourceRecord::contact).orElse(null);
                    }
                    last = lexsync.store().runs(r.id(), 1).stream().findFirst().orElse(null);
                    resources = lexsync.store().resourceCount(r.id());
                    failures = lexsync.store().failures(r.id()).size();
                    quarantined = lexsync.store().quarantined(r.id());
                    checkpoint = lexsync.store().checkpoint(r.id()).orElse(null);
                }
                rows.add(new Row(r.id(), r.protocol(), r.approved(), r.entryUrls(),
                        origin.get(r.id()), contact, last, resources, failures, quarantined, checkpoint));
            }
        }
        if (format == OutputFormat.jsonl) {
            try (JsonLines json = new JsonLines(out)) {
                for (Row r : rows) {
                    json.object(g -> {
                        JsonLines.field(g, "id", r.id());
                        JsonLines.field(g, "protocol", r.protocol());
                        g.writeBooleanField("approved", r.approved());
                        g.writeArrayFieldStart("urls");
                        for (String u : r.urls()) {
                            g.writeString(u);
                        }
                        g.writeEndArray();
                        JsonLines.field(g, "from", r.origin());
                        JsonLines.field(g, "contact", r.contact());
                        RunRecord run = r.lastRun();
                        if (run == null) {
                            g.writeNullField("last_run");
                        } else {
                            g.writeObjectFieldStart("last_run");
                            JsonLines.field(g, "id", run.id());
                            JsonLines.field(g, "status", run.status() == null ? null
                                    : run.status().name().toLowerCase(Locale.ROOT));
                            JsonLines.field(g, "started", run.started());
                            JsonLines.field(g, "ended", run.ended());
                            g.writeObjectFieldStart("counts");
                            JsonLines.field(g, "created", run.counts().created());
                            JsonLines.field(g, "updated", run.counts().updated());
                            JsonLines.field(g, "deleted", run.counts().deleted());
                            JsonLines.field(g, "unchanged", run.counts().unchanged());
                            JsonLines.field(g, "failed", run.counts().failed());
                            g.writeEndObject();
                            JsonLines.field(g, "error", run.error());
                            g.writeEndObject();
                        }
                        JsonLines.field(g, "resources", r.resources());
                        JsonLines.field(g, "failures", r.failures());
                        JsonLines.field(g, "quarantined", r.quarantined());
                        JsonLines.field(g, "checkpoint", r.checkpoint());
                    });
                }
            }
            return 0;
        }
        if (rows.isEmpty()) {
            out.println(file == null ? "no sources (no " + ConfigFiles.lookedIn(storeOptions) + ", and none in the store)"
                    : "no sources in " + file);
            out.flush();
            return 0;
        }
        int idWidth = Math.max(2, rows.stream().mapToInt(r -> r.id().length()).max().orElse(0));
        String format = "%-" + idWidth + "s  %-12s %-8s %-7s %-20s %-24s %9s %8s%n";
        out.printf(Locale.ROOT, format, "ID", "PROTOCOL", "APPROVED", "FROM", "LAST RUN", "STATUS", "RESOURCES",
                "FAILURES");
        for (Row r : rows) {
            out.printf(Locale.ROOT, format, r.id(), r.protocol(), r.approved() ? "yes" : "no", r.origin(),
                    r.lastRun() == null ? "never" : r.lastRun().started().toString().replaceFirst("\\.\\d+Z$", "Z"),
                    r.lastRun() == null ? "-" : status(r.lastRun()), r.resources(), r.failures());
            out.printf(Locale.ROOT, "    %s%s%n", String.join(" ", r.urls()), r.contact() == null ? "" : "  " + r.contact());
            for (String line : CheckpointText.describe(r.checkpoint())) {
                out.printf(Locale.ROOT, "    checkpoint: %s%n", line);
            }
        }
        out.flush();
        return 0;
    }

    private LexSync openIfPresent() {
        try {
            return storeOptions.openExisting();
        } catch (Main.UsageException e) {
            return null;
        }
    }

    private static String status(RunRecord r) {
        return Optional.ofNullable(r.status()).map(s -> s.name().toLowerCase(Locale.ROOT)).orElse("-")
                + String.format(Locale.ROOT, " +%d ~%d -%d", r.counts().created(), r.counts().updated(),
                r.counts().deleted());
    }
}
