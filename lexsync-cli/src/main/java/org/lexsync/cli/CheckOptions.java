package org.lexsync.cli;

import org.lexsync.engine.Checks;
import org.lexsync.engine.Protocols;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.CheckReportFormat;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckSummary;
import org.lexsync.engine.model.OptionException;
import picocli.CommandLine.Option;

/**
 * The options every {@code lexsync check} subcommand shares (limits, sample, delay, report format and file), and
 * running the check without a store, writing the report and choosing the exit code: 0 without errors, 1 with
 * errors, 3 when the root document could not be read at all (the report is written even then).
 */
final class CheckOptions {
    @Option(names = "--max-entries", paramLabel = "N", defaultValue = "1000000",
            description = "Stop after N entries over the whole publication (default: ${DEFAULT-VALUE}).")
    long maxEntries;

    @Option(names = "--max-archives", paramLabel = "N", defaultValue = "1000",
            description = "Follow at most N RFC 5005 archive documents (default: ${DEFAULT-VALUE}).")
    int maxArchives;

    @Option(names = "--sample", paramLabel = "N|all", defaultValue = "20",
            description = "Fetch N linked resources (or all) to verify hash, length and media type; ELI pages are "
                    + "judged against the ELI rules (default: ${DEFAULT-VALUE}).")
    String sample;

    @Option(names = "--delay", paramLabel = "SECONDS",
            description = "Least time between two requests to one host (default: the protocol's, as for sync: "
                    + "5 for eli, 1 otherwise).")
    Double delay;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json, junit or html (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report to FILE (else to standard output).")
    Path out;

    /** Builds the request from these options; a bad value is a usage error naming the option. */
    CheckRequest request(CheckRequest base) {
        try {
            Duration pause;
            if (delay == null) {
                pause = base.protocol() == CheckProtocol.DOCUMENTGROUP ? base.delay()
                        : Protocols.defaultPoliteness(base.protocol().label()).minDelay();
            } else if (!(delay >= 0) || delay > 3600) {
                throw new OptionException("delay", Double.toString(delay), "seconds from 0 to 3600");
            } else {
                pause = Duration.ofMillis(Math.round(delay * 1000));
            }
            return base.withMaxEntries(maxEntries).withMaxArchives(maxArchives)
                    .withSample(CheckRequest.sampleFromText(sample)).withDelay(pause);
        } catch (OptionException e) {
            throw usage(e);
        }
    }

    private static Main.UsageException usage(OptionException e) {
        return new Main.UsageException(String.format(Locale.ROOT, "--%s must be %s, was '%s'", e.key(), e.expected(),
                e.value()));
    }

    /** Runs the check, writes the report, returns the exit code. */
    int run(CheckRequest request, PrintWriter stdout) {
        CheckReportFormat f;
        try {
            f = CheckReportFormat.fromText(format);
        } catch (OptionException e) {
            throw usage(e);
        }
        CheckReport report = Checks.withoutStore(request, Version.current());
        try {
            if (out == null) {
                f.write(report, stdout);
            } else {
                try (Writer w = new OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8)) {
                    f.write(report, w);
                }
                CheckSummary s = report.summary();
                stdout.printf(Locale.ROOT, "%s: %d rules ok, %d with errors, %d with warnings; report in %s%n",
                        report.rootUnreadable() ? "root unreadable" : report.hasErrors() ? "errors" : "ok",
                        s.rulesPassed(), s.rulesWithErrors(), s.rulesWithWarnings(), out);
            }
        } catch (IOException e) {
            throw new Main.UsageException("cannot write the report to " + out + ": " + e.getMessage());
        }
        stdout.flush();
        if (report.rootUnreadable()) {
            return Main.EXIT_UNREADABLE;
        }
        return report.hasErrors() ? Main.EXIT_FAILURES : 0;
    }
}
