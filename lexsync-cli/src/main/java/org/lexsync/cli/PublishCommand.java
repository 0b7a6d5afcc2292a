package org.lexsync.cli;

import org.lexsync.engine.PublishConfigs;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.ExportReport;
import org.lexsync.engine.model.PublishSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync publish}: exports the republished aggregate (docs/architecture.md, "Publishing the aggregate") as
 * static files for any web server; run again, it writes only what changed. Settings come from the {@code publish:}
 * section of lexsync.yaml, flags override them.
 */
@Command(name = "publish", mixinStandardHelpOptions = true,
        description = "Writes the aggregate as static files: the Atom archive feed (feed/current.atom, feed/archive/N.atom,"
                + " per source feed/SOURCE/...) and the stored files it points at (blob/sha256/...). Only what changed"
                + " is written; closed archives are never rewritten.")
final class PublishCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Directory to write the documents to.")
    Path out;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "The URL the directory will be served at (default: publish.base-url of lexsync.yaml).")
    String baseUrl;

    @Option(names = "--config", paramLabel = "FILE",
            description = "lexsync.yaml with a publish: section (default: ./lexsync.yaml, else the store's).")
    Path config;

    @Option(names = "--feed-id", paramLabel = "URI", description = "The feed's persistent id, a tag: URI (rinfo §3.1).")
    String feedId;

    @Option(names = "--author-name", paramLabel = "NAME", description = "The feed author's name.")
    String authorName;

    @Option(names = "--author-email", paramLabel = "EMAIL",
            description = "A functional mailbox for reports about the feed (rinfo §3.1).")
    String authorEmail;

    @Option(names = "--archive-size", paramLabel = "N", description = "Entries per archive document (default 100).")
    Integer archiveSize;

    @Option(names = "--legacy-md5", description = "Also write the obsolete le:md5 attribute (rinfo §3.3.6).")
    boolean legacyMd5;

    @Override
    public Integer call() {
        storeOptions.useConfig(config);
        PublishSettings settings = settings();
        PrintWriter out = spec.commandLine().getOut();
        try (LexSync lexsync = storeOptions.openExisting()) {
            ExportReport report = lexsync.publication(settings).export(this.out);
            out.printf(Locale.ROOT, "published %d entries (journal up to %d) to %s: %d files written, %d unchanged%n",
                    report.entries(), report.lastSeq(), this.out, report.written(), report.unchanged());
        }
        out.flush();
        return 0;
    }

    private PublishSettings settings() {
        URI base = null;
        if (baseUrl != null) {
            try {
                base = new URI(baseUrl);
            } catch (URISyntaxException e) {
                throw new Main.UsageException("--base-url is not a URL: " + e.getMessage());
            }
        }
        try {
            PublishSettings.Builder b = PublishConfigs.settings(ConfigFiles.locate(config, storeOptions), base);
            if (feedId != null) {
                b.feedId(feedId);
            }
            if (authorName != null) {
                b.authorName(authorName);
            }
            if (authorEmail != null) {
                b.authorEmail(authorEmail);
            }
            if (archiveSize != null) {
                b.archiveSize(archiveSize);
            }
            if (legacyMd5) {
                b.legacyMd5(true);
            }
            return b.build();
        } catch (ConfigException e) {
            throw new Main.UsageException("configuration error: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException(e.getMessage());
        }
    }
}
