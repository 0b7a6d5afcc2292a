package org.lexsync.bench.parse;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.io.TempFiles;
import org.lexsync.bench.HeapPeaks;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapReader;
import org.lexsync.core.sitemap.SitemapValidator;

/**
 * Issue 2's memory target: streams a 1,000,000-entry ResourceSync resource list (an index over 20 lists
 * of 50,000 entries, from disk) through the full model and the validator, and prints the peak heap used.
 * Run it with {@code -Xmx64m}: finishing at all proves the bound; the printed peak is the measured figure.
 *
 * <pre>java -Xmx64m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.parse.StreamingHeapCheck [DIR]</pre>
 */
public final class StreamingHeapCheck {
    private StreamingHeapCheck() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("lexsync-heapcheck");
        try {
            int lists = 20;
            int perList = 50_000;
            Path index = dir.resolve("resourcelist-index.xml");
            if (!Files.exists(index)) {
                SampleDocuments.resourceListIndex(dir, lists, perList);
            }
            System.gc();
            HeapPeaks.reset();
            long start = System.nanoTime();
            long entries = 0;
            long findings = 0;
            List<URI> children = new ArrayList<>();
            try (SitemapReader r = SitemapReader.open(Files.newInputStream(index), index.toString())) {
                r.header();
                while (r.hasNext()) {
                    children.add(URI.create(r.next().loc()));
                }
            }
            for (URI child : children) {
                Path file = Path.of(child);
                try (InputStream in = Files.newInputStream(file); SitemapReader r = SitemapReader.open(in, child.toString())) {
                    SitemapValidator v = new SitemapValidator(child);
                    v.header(r.header());
                    while (r.hasNext()) {
                        SitemapEntry e = r.next();
                        v.entry(e);
                        entries++;
                    }
                    findings += v.finish(Files.size(file)).total();
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "entries=%d lists=%d findings=%d seconds=%.2f entriesPerSecond=%.0f peakHeapMB=%.1f maxHeapMB=%.1f%n",
                    entries, children.size(), findings, seconds, entries / seconds, HeapPeaks.heap() / 1048576.0,
                    Runtime.getRuntime().maxMemory() / 1048576.0);
        } finally {
            if (args.length == 0) {
                TempFiles.deleteTreeQuietly(dir); // the generated lists are kept only in a directory given
            }
        }
    }
}
