package org.lexsync.cli;

import org.lexsync.engine.Outboxes;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.core.documentgroup.GroupType;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ForwardedGroups;
import org.lexsync.engine.model.OutboxReport;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.UploadOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync crawl SOURCE-ID}: runs a configured portal crawler once (a {@code protocol: crawler} source of
 * {@code lexsync.yaml}; docs/crawlers.md), resuming at the listing cursor a stopped crawl left. The same run as
 * {@code lexsync sync --config FILE SOURCE-ID}, with the same exit codes; it refuses a source of another protocol.
 * With {@code --upload URL --token T} the document groups the run changed are then written to a durable outbox as
 * ZIP + MetaInfo (EUCases D2.1 §3.2, Appendix I) and sent to the ingestion service; groups not acknowledged wait
 * there for the next start (§1.3.2) and make the exit code 1.
 */
@Command(name = "crawl", mixinStandardHelpOptions = true,
        description = "Runs a configured portal crawler once (resumes where a stopped crawl left off).")
final class CrawlCommand implements Callable<Integer> {
    static final String PROTOCOL = "crawler";

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    HarvestOptions harvestOptions;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Sources file (default: ./lexsync.yaml, else lexsync.yaml in the data directory).")
    Path config;

    @Parameters(index = "0", paramLabel = "SOURCE-ID", description = "The crawler source to run.")
    String sourceId;

    @Option(names = "--upload", paramLabel = "URL",
            description = "Also send the changed document groups to the ingestion service at URL (through the outbox).")
    URI upload;

    @Option(names = "--token", paramLabel = "T", description = "Ingest token for --upload (named after SOURCE-ID).")
    String token;

    @Option(names = "--outbox", paramLabel = "DIR",
            description = "Outbox directory for --upload (default: <store>/outbox/SOURCE-ID).")
    Path outbox;

    @Option(names = "--lang", paramLabel = "CODE", defaultValue = "und",
            description = "ISO 639 language of the groups sent (default: ${DEFAULT-VALUE}).")
    String lang;

    @Option(names = "--type", paramLabel = "TYPE", defaultValue = "legislation",
            description = "legislation or case-law: the groups' type (default: ${DEFAULT-VALUE}).")
    String type;

    @Option(names = "--upload-timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Longest one upload may take (default ${DEFAULT-VALUE} s).")
    int timeoutSeconds;

    @Option(names = "--preview", paramLabel = "FILE.html",
            description = "Print what the crawler extracts from a saved page (rows, fields, links, the selector of"
                    + " each); fetches nothing, creates no store.")
    Path preview;

    @Option(names = "--url", paramLabel = "URL",
            description = "With --preview: the URL the page was saved from (default: the source's URL + the file"
                    + " name).")
    URI previewUrl;

    @Option(names = "--step", paramLabel = "STEP", defaultValue = "listing",
            description = "With --preview: listing or detail (default: ${DEFAULT-VALUE}).")
    String step;

    @Override
    public Integer call() {
        storeOptions.useConfig(config);
        Path file = ConfigFiles.locate(config, storeOptions);
        if (file == null) {
            throw new Main.UsageException("give --config FILE: there is no " + ConfigFiles.lookedIn(storeOptions));
        }
        List<Source> sources = ConfigFiles.read(file);
        Source source = sources.stream().filter(s -> s.id().equals(sourceId)).findFirst()
                .orElseThrow(() -> new Main.UsageException(String.format(Locale.ROOT, "no source '%s' in %s (sources: %s)",
                        sourceId, file, String.join(", ", sources.stream().map(Source::id).toList()))));
        if (!PROTOCOL.equals(source.protocol())) {
            throw new Main.UsageException(String.format(Locale.ROOT, "source '%s' in %s is a %s source, not a crawler:"
                    + " use 'lexsync sync --config %s %s'", sourceId, file, source.protocol(), file, sourceId));
        }
        if (preview != null) {
            return new CrawlPreviewPrinter(spec.commandLine().getOut()).print(source, preview, previewUrl, step);
        }
        GroupType groupType = upload == null ? null : checkUpload();
        long before = 0;
        if (upload != null && storeOptions.exists()) {
            try (LexSync lexsync = storeOptions.openExisting()) {
                before = lexsync.store().lastSeq();
            }
        }
        boolean concurrencyGiven = spec.commandLine().getParseResult().hasMatchedOption("--concurrency");
        int code = new ConfiguredSync(storeOptions, harvestOptions, concurrencyGiven, spec.commandLine().getOut(),
                spec.commandLine().getErr()).run(file, List.of(sourceId));
        if (upload == null || harvestOptions.dryRun || !storeOptions.exists()) {
            return code;
        }
        return Math.max(code, forward(before, groupType));
    }

    /** The --upload options checked (usage errors name the option); the group type. */
    private GroupType checkUpload() {
        String scheme = upload.getScheme() == null ? "" : upload.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new Main.UsageException("--upload must be an http(s) URL, was " + upload);
        }
        if (token == null || token.isBlank()) {
            throw new Main.UsageException("--upload needs --token T (an ingest token named " + sourceId + ")");
        }
        if (!lang.matches("[A-Za-z]{2,3}")) {
            throw new Main.UsageException("--lang must be an ISO 639 code (2 or 3 letters), was " + lang);
        }
        return switch (type.toLowerCase(Locale.ROOT)) {
            case "legislation" -> GroupType.LEGISLATION;
            case "case-law" -> GroupType.CASE_LAW;
            default -> throw new Main.UsageException("--type must be legislation or case-law, was " + type);
        };
    }

    /**
     * Writes the groups the crawl changed into the outbox and sends the outbox (EUCases D2.1 §1.3.2): a server that
     * is down leaves them waiting for the next start (exit 1, not a failed crawl).
     */
    private int forward(long afterSeq, GroupType groupType) {
        var out = spec.commandLine().getOut();
        Path dir = outbox != null ? outbox : storeOptions.dataDir().resolve("outbox").resolve(sourceId);
        ForwardedGroups added;
        try (LexSync lexsync = storeOptions.openExistingForWriting()) {
            added = lexsync.ingestion().forwardGroups(sourceId, afterSeq, dir, lang, groupType);
        }
        OutboxReport report = Outboxes.send(dir, upload, token, Duration.ofSeconds(Math.max(1, timeoutSeconds)));
        out.printf(Locale.ROOT, "upload: %d group%s added to %s%s; %d acknowledged, %d refused, %d waiting in the"
                        + " outbox%n", added.groups(), added.groups() == 1 ? "" : "s", dir,
                added.documentsLeftOut() == 0 ? "" : String.format(Locale.ROOT,
                        " (%d documents left out: format not in Appendix I)", added.documentsLeftOut()),
                report.acknowledged(), report.refused(), report.pending());
        for (UploadOutcome o : report.outcomes()) {
            if (o.status() != UploadOutcome.Status.ACKNOWLEDGED) {
                out.printf(Locale.ROOT, "upload: %s %s%s: %s%n", o.entry(),
                        o.status() == UploadOutcome.Status.REFUSED ? "refused" : "not delivered",
                        o.http() > 0 ? " (HTTP " + o.http() + ")" : "", o.answer());
            }
        }
        out.flush();
        return report.pending() > 0 || report.refused() > 0 ? Main.EXIT_FAILURES : 0;
    }
}
