package org.lexsync.cli;

import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSummary;
import org.lexsync.engine.LexSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lexsync resources}: the store's current resources, one JSON object per line (or a table). */
@Command(name = "resources", mixinStandardHelpOptions = true,
        description = "Prints the current resources of the store (JSON lines by default).")
final class ResourcesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--source", paramLabel = "ID", description = "Only this source's resources.")
    String source;

    @Option(names = "--deleted", description = "Include deleted (tombstoned) resources.")
    boolean includeDeleted;

    @Option(names = "--format", defaultValue = "jsonl", description = "jsonl or table (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        PrintWriter shared = spec.commandLine().getOut();
        // The command line's writer flushes at every printf; a table of 20,000 rows is written in blocks instead.
        PrintWriter out = new PrintWriter(new BufferedWriter(shared, 1 << 16), false);
        try (LexSync lexsync = storeOptions.openExisting()) {
            if (format == OutputFormat.table) {
                String row = "%-" + sourceWidth(lexsync, source) + "s %-8s %-25s %10s %-24s %s%n";
                out.printf(Locale.ROOT, row, "SOURCE", "STATUS", "SOURCE TIME", "LENGTH", "TYPE", "URI");
                lexsync.store().resources(source, includeDeleted, r -> {
                    ResourceSummary.File p = r.primary();
                    out.printf(Locale.ROOT, row, r.sourceId(),
                            r.status().name().toLowerCase(Locale.ROOT), text(r.sourceTimestamp()),
                            p == null ? "" : Long.toString(p.length()), p == null || p.mediaType() == null ? "" : p.mediaType(),
                            r.uri());
                });
            } else {
                try (JsonLines json = new JsonLines(out)) {
                    lexsync.store().resources(source, includeDeleted, r -> json.object(g -> {
                        ResourceSummary.File p = r.primary();
                        JsonLines.field(g, "source", r.sourceId());
                        JsonLines.field(g, "uri", r.uri());
                        JsonLines.field(g, "status", r.status().name().toLowerCase(Locale.ROOT));
                        JsonLines.field(g, "sourceTime", r.sourceTimestamp());
                        JsonLines.field(g, "title", r.title());
                        JsonLines.field(g, "md5", p == null ? null : p.md5());
                        JsonLines.field(g, "sha256", p == null ? null : p.sha256());
                        JsonLines.field(g, "length", p == null ? null : p.length());
                        JsonLines.field(g, "type", p == null ? null : p.mediaType());
                        JsonLines.field(g, "lastHarvested", r.lastHarvested());
                        JsonLines.field(g, "lastSeq", r.lastSeq());
                        g.writeArrayFieldStart("representations");
                        for (ResourceSummary.File rep : r.representations()) {
                            g.writeStartObject();
                            JsonLines.field(g, "url", rep.url());
                            JsonLines.field(g, "role", rep.role().token());
                            JsonLines.field(g, "type", rep.mediaType());
                            JsonLines.field(g, "length", rep.length());
                            JsonLines.field(g, "md5", rep.md5());
                            JsonLines.field(g, "sha256", rep.sha256());
                            g.writeEndObject();
                        }
                        g.writeEndArray();
                    }));
                }
            }
        }
        out.flush();
        shared.flush();
        return 0;
    }

    /** The primary representation, else the first one, else null (e.g. a deleted resource). */
    static RepresentationState primary(ResourceState r) {
        for (RepresentationState rep : r.representations()) {
            if (rep.role() == RepresentationRole.PRIMARY) {
                return rep;
            }
        }
        return r.representations().isEmpty() ? null : r.representations().get(0);
    }

    /** Width of a SOURCE column: the longest id of the store's sources (or the one asked for), at least 12. */
    static int sourceWidth(LexSync lexsync, String source) {
        int longest = source != null ? source.length()
                : lexsync.store().storedSources().stream().mapToInt(s -> s.id().length()).max().orElse(0);
        return Math.max(12, longest);
    }

    static String text(Object value) {
        return value == null ? "" : value.toString();
    }
}
