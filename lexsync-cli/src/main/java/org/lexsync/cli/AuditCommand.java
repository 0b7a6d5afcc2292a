package org.lexsync.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.resourcesync.ResourceSyncAudit;
import org.lexsync.engine.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync audit <protocol> …}: compares a local copy with what the source publishes now. Exit code 0
 * only when they are proven in sync, 1 when they differ or some resources cannot be checked (the source states
 * no hash and no comparable time for them), 3 when the source cannot be read.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = "Compares the local copy of a source with what the source publishes now.",
        subcommands = {AuditCommand.ResourceSyncAuditCommand.class})
final class AuditCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new Main.UsageException("name a protocol, e.g. 'lexsync audit resourcesync URL' (see 'lexsync audit --help')");
    }

    /** Output of the audit. */
    enum Format { text, json }

    /** {@code lexsync audit resourcesync URL} (ResourceSync §5.2 Audit). */
    @Command(name = "resourcesync", mixinStandardHelpOptions = true,
            description = "Audits the local copy against the source's current Resource List (and its Change Lists"
                    + " since the list's at): in sync, missing, extra (deleted at the source), mismatched (by hash and"
                    + " length where the source gives a hash, else by length and lastmod at the source's granularity)"
                    + " and unverified (nothing to check them by) resources.")
    static final class ResourceSyncAuditCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        StoreOptions storeOptions;

        @Mixin
        HarvestOptions harvestOptions;

        @Mixin
        ResourceSyncTarget target;

        @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
        Format format;

        @Option(names = "--list", paramLabel = "N", defaultValue = "20",
                description = "Differing URIs listed per kind in text output (default: ${DEFAULT-VALUE}).")
        int list;

        @Override
        public Integer call() {
            target.validate();
            String sourceId = harvestOptions.sourceId != null ? harvestOptions.sourceId
                    : HarvestRunner.defaultSourceId("resourcesync", target.url);
            PrintWriter out = spec.commandLine().getOut();
            HarvestRunner runner = new HarvestRunner(storeOptions, harvestOptions, out, spec.commandLine().getErr());
            AuditReport report;
            try (Store store = storeOptions.openExisting();
                 Fetcher fetcher = runner.fetcher(ResourceSyncSyncCommand.DEFAULT_DELAY)) {
                report = new ResourceSyncAudit(fetcher, HarvestStore.over(store)).audit(sourceId, target.url, target.capabilityList, target.accessToken,
                        HarvestListener.NONE);
            }
            if (format == Format.json) {
                json(report, out);
            } else {
                text(report, out);
            }
            out.flush();
            return report.isInSync() ? 0 : Main.EXIT_FAILURES;
        }

        private void text(AuditReport r, PrintWriter out) {
            out.printf(Locale.ROOT, "%s: %s%n", r.sourceId(), r.isInSync() ? "in sync" : r.differs() ? "NOT in sync"
                    : "no difference found, but not verified: the source states no hash and no comparable lastmod for"
                    + " some resources");
            out.printf(Locale.ROOT, "  in sync %d, missing %d, extra %d, mismatched %d, unverified %d"
                            + " (source lists %d; at %s)%n", r.inSync(), r.missing(), r.extra(), r.mismatched(),
                    r.unverified(), r.sourceResources(), r.at() == null ? "unknown" : r.at());
            out.printf(Locale.ROOT, "  %d documents read, %.1f s%n", r.documentsRead(), r.elapsed().toMillis() / 1000.0);
            r.missingUris().stream().limit(list).forEach(u -> out.println("  missing: " + u));
            r.extraUris().stream().limit(list).forEach(u -> out.println("  extra: " + u));
            r.mismatches().stream().limit(list).forEach(m -> out.printf(Locale.ROOT,
                    "  mismatched: %s (%s: source %s, local %s)%n", m.uri(), m.what(), m.expected(), m.actual()));
            r.unverifiedUris().stream().limit(list).forEach(u -> out.println("  unverified: " + u));
            for (Finding f : r.findings().list().stream().limit(5).toList()) {
                out.println("  finding: " + f);
            }
        }

        private static void json(AuditReport r, PrintWriter out) {
            try (JsonGenerator g = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                    .createGenerator(out)) {
                g.writeStartObject();
                g.writeStringField("source", r.sourceId());
                g.writeBooleanField("synced", r.isInSync());
                g.writeNumberField("inSync", r.inSync());
                g.writeNumberField("missing", r.missing());
                g.writeNumberField("extra", r.extra());
                g.writeNumberField("mismatched", r.mismatched());
                g.writeNumberField("unverified", r.unverified());
                g.writeStringField("at", r.at() == null ? null : r.at().toString());
                strings(g, "capabilityLists", r.capabilityLists().stream().map(URI::toString).toList());
                strings(g, "missingUris", r.missingUris());
                strings(g, "extraUris", r.extraUris());
                g.writeArrayFieldStart("mismatches");
                for (AuditReport.Mismatch m : r.mismatches()) {
                    g.writeStartObject();
                    g.writeStringField("uri", m.uri());
                    g.writeStringField("what", m.what());
                    g.writeStringField("expected", m.expected());
                    g.writeStringField("actual", m.actual());
                    g.writeEndObject();
                }
                g.writeEndArray();
                strings(g, "unverifiedUris", r.unverifiedUris());
                g.writeNumberField("findings", r.findings().total());
                g.writeNumberField("elapsedMillis", r.elapsed().toMillis());
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.println();
        }

        private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
            g.writeArrayFieldStart(name);
            for (String v : values) {
                g.writeString(v);
            }
            g.writeEndArray();
        }
    }
}
