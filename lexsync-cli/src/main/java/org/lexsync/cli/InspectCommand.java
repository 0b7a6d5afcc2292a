package org.lexsync.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.inspect.Inspection;
import org.lexsync.core.inspect.Inspector;
import org.lexsync.core.xml.XmlLimits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lexsync inspect FILE-or-URL}: reads any supported document and reports kind, counts and findings. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Reads any supported document (sitemap, ResourceSync, Atom, EUCases document group) "
                + "and prints its kind, entry counts, time attributes and all findings.",
                "Exit code 0 without errors, 1 when findings include errors, 2 usage, 3 unreadable."})
final class InspectCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE-or-URL", description = "A local file or an http(s) URL.")
    String target;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--profile", defaultValue = "rfc4287",
            description = "Rules for Atom feeds: rfc4287, rinfo (Swedish legal information system) or "
                    + "eli_update_feed (ELI Pillar IV §3.3) (default: ${DEFAULT-VALUE}).")
    AtomValidator.Profile profile;

    @Override
    public Integer call() {
        Inspection inspection;
        if (target.startsWith("http://") || target.startsWith("https://")) {
            Path temp = RemoteDocument.download(target);
            try {
                inspection = Inspector.inspect(temp, target, profile, XmlLimits.DEFAULT);
            } finally {
                deleteQuietly(temp);
            }
        } else {
            Path file = Path.of(target);
            if (!Files.isRegularFile(file)) {
                throw new Main.UsageException("no such file: " + target);
            }
            inspection = Inspector.inspect(file, target, profile, XmlLimits.DEFAULT);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.json) {
            printJson(inspection, out);
        } else {
            printText(inspection, out);
        }
        out.flush();
        return inspection.hasErrors() ? Main.EXIT_FAILURES : 0;
    }

    static void printText(Inspection i, PrintWriter out) {
        out.printf(Locale.ROOT, "document: %s%n", i.document());
        out.printf(Locale.ROOT, "kind:     %s%n", i.kind());
        StringBuilder counts = new StringBuilder();
        for (Map.Entry<String, Long> c : i.counts().entrySet()) {
            counts.append(counts.isEmpty() ? " (" : ", ").append(c.getKey()).append(' ').append(c.getValue());
        }
        if (!counts.isEmpty()) {
            counts.append(')');
        }
        out.printf(Locale.ROOT, "entries:  %d%s%n", i.entries(), counts);
        for (Map.Entry<String, String> a : i.attributes().entrySet()) {
            out.printf(Locale.ROOT, "%-9s %s%n", a.getKey() + ":", a.getValue());
        }
        out.printf(Locale.ROOT, "findings: %d error%s, %d warning%s, %d total%n", i.errors(), i.errors() == 1 ? "" : "s",
                i.warnings(), i.warnings() == 1 ? "" : "s", i.findings().total());
        for (Finding f : i.findingList()) {
            out.println("  " + f);
        }
        if (i.findings().truncated()) {
            out.printf(Locale.ROOT, "  ... %d more not shown%n", i.findings().total() - i.findingList().size());
        }
    }

    static void printJson(Inspection i, PrintWriter out) {
        try (JsonGenerator g = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("document", i.document());
            g.writeStringField("kind", i.kind());
            g.writeNumberField("entries", i.entries());
            g.writeObjectFieldStart("counts");
            for (Map.Entry<String, Long> c : i.counts().entrySet()) {
                g.writeNumberField(c.getKey(), c.getValue());
            }
            g.writeEndObject();
            g.writeObjectFieldStart("attributes");
            for (Map.Entry<String, String> a : i.attributes().entrySet()) {
                g.writeStringField(a.getKey(), a.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("errors", i.errors());
            g.writeNumberField("warnings", i.warnings());
            g.writeBooleanField("findingsTruncated", i.findings().truncated());
            g.writeArrayFieldStart("findings");
            for (Finding f : i.findingList()) {
                g.writeStartObject();
                g.writeStringField("severity", f.severity().label());
                g.writeStringField("rule", f.rule());
                g.writeStringField("message", f.message());
                g.writeNumberField("line", f.line());
                g.writeNumberField("column", f.column());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
            Files.deleteIfExists(p.getParent());
        } catch (IOException e) {
            // a temp file left behind is harmless
        }
    }
}
