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
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.store.RunRecord;
import org.lexsync.engine.store.SourceRecord;
import org.lexsync.engine.store.Store;
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
    private record Row(String id, String protocol, boolean approved, String urls, String origin, String contact,
                       RunRecord lastRun, long resources, long failures, String checkpoint) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path file = ConfigFiles.locate(config, storeOptions);
        LexsyncConfig cfg = file == null ? null : ConfigFiles.read(file);
        Map<String, SourceRecord> all = new LinkedHashMap<>();
        Map<String, String> origin = new LinkedHashMap<>();
        if (cfg != null) {
            cfg.sources().forEach(s -> {
                all.put(s.id(), s.toRecord());
                origin.put(s.id(), "config");
            });
        }
        List<Row> rows = new ArrayList<>();
        try (Store store = openIfPresent()) {
            if (store != null) {
                for (SourceRecord r : store.sources().list()) {
                    all.putIfAbsent(r.id(), r);
                    origin.putIfAbsent(r.id(), "store");
                }
            }
            for (SourceRecord r : all.values()) {
                RunRecord last = null;
                long resources = 0;
                long failures = 0;
                String checkpoint = null;
                String contact = r.contact();
                if (store != null) {
                    if (contact == null) {
                        contact = store.sources().get(r.id()).map(SourceRecord::contact).orElse(null);
                    }
                    last = store.runs().latest(r.id(), 1).stream().findFirst().orElse(null);
                    resources = store.resources().count(r.id(), false);
                    failures = store.failures().list(r.id()).size();
                    checkpoint = store.sources().checkpoint(r.id()).orElse(null);
                }
                rows.add(new Row(r.id(), r.protocol(), r.approved(), String.join(" ", r.entryUrls()),
                        origin.get(r.id()), contact, last, resources, failures, checkpoint));
            }
        }
        if (format == OutputFormat.jsonl) {
            try (JsonLines json = new JsonLines(out)) {
                for (Row r : rows) {
                    json.object(g -> {
                        JsonLines.field(g, "id", r.id());
                        JsonLines.field(g, "protocol", r.protocol());
                        g.writeBooleanField("approved", r.approved());
                        JsonLines.field(g, "urls", r.urls());
                        JsonLines.field(g, "from", r.origin());
                        JsonLines.field(g, "contact", r.contact());
                        JsonLines.field(g, "last_run", r.lastRun() == null ? null : r.lastRun().id());
                        JsonLines.field(g, "last_run_started", r.lastRun() == null ? null : r.lastRun().started());
                        JsonLines.field(g, "last_run_status", r.lastRun() == null ? null : status(r.lastRun()));
                        JsonLines.field(g, "resources", r.resources());
                        JsonLines.field(g, "failures", r.failures());
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
        out.printf(Locale.ROOT, "%-24s %-12s %-8s %-7s %-22s %-24s %9s %8s%n", "ID", "PROTOCOL", "APPROVED", "FROM",
                "LAST RUN", "STATUS", "RESOURCES", "FAILURES");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-24s %-12s %-8s %-7s %-22s %-24s %9d %8d%n", r.id(), r.protocol(),
                    r.approved() ? "yes" : "no", r.origin(),
                    r.lastRun() == null ? "never" : r.lastRun().started().toString().replaceFirst("\\.\\d+Z$", "Z"),
                    r.lastRun() == null ? "-" : status(r.lastRun()), r.resources(), r.failures());
            out.printf(Locale.ROOT, "    %s%s%s%n", r.urls(), r.contact() == null ? "" : "  " + r.contact(),
                    r.checkpoint() == null ? "" : "  (checkpoint: " + abbreviate(r.checkpoint()) + ")");
        }
        out.flush();
        return 0;
    }

    private Store openIfPresent() {
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

    private static String abbreviate(String s) {
        return s.length() <= 100 ? s : s.substring(0, 97) + "...";
    }
}
