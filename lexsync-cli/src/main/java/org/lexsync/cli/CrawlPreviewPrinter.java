package org.lexsync.cli;

import org.lexsync.engine.CrawlPreviews;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.CrawlPreviewReport;
import org.lexsync.engine.model.Source;

/**
 * {@code lexsync crawl SOURCE --preview FILE.html [--url URL] [--step listing|detail]}: prints what the crawler's
 * listing or detail step extracts from a saved page (docs/crawlers.md, "Preview on a saved page"). Fetches nothing and
 * creates no store; exit 0, or 1 when a required field matched nothing.
 */
final class CrawlPreviewPrinter {
    private final PrintWriter out;

    CrawlPreviewPrinter(PrintWriter out) {
        this.out = out;
    }

    int print(Source source, Path page, URI url, String step) {
        boolean detail = switch (step.toLowerCase(Locale.ROOT)) {
            case "listing" -> false;
            case "detail" -> true;
            default -> throw new Main.UsageException("--step must be listing or detail, was " + step);
        };
        if (!Files.isRegularFile(page)) {
            throw new Main.UsageException("--preview " + page + ": no such file");
        }
        if (url != null && !url.isAbsolute()) {
            throw new Main.UsageException("--url must be an absolute URL, was " + url);
        }
        CrawlPreviewReport report;
        try {
            report = CrawlPreviews.preview(source, page, url, detail);
        } catch (UncheckedIOException e) {
            throw new Main.UsageException("--preview " + e.getMessage());
        }
        report.lines().forEach(out::println);
        out.printf(Locale.ROOT, "%d warning%s%n", report.warnings(), report.warnings() == 1 ? "" : "s");
        out.flush();
        return report.warnings() > 0 ? Main.EXIT_FAILURES : 0;
    }
}
