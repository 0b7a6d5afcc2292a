package org.lexsync.bench.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.io.TempFiles;
import org.lexsync.bench.HeapPeaks;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ExportReport;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * Issue 16's benchmark: a store of N resources and 2N journal rows (each resource created, then updated), generated
 * through the store's commit path (the applier's batches, no network), then published: (1) every Atom archive of
 * the aggregate, every Resource List part and every Change List part streamed through the document lookup the
 * server uses, and (2) the full static export. Prints entries/s and the heap pools' peaks for each.
 *
 * <pre>java -Xmx256m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.publish.PublishBenchmark \
 *     --resources 1000000 --dir /tmp/publish-bench [--export true] [--keep false]</pre>
 *
 * <p>The directory is deleted when the benchmark ends (also on failure) unless {@code --keep true}: a kept directory's
 * store is reused by the next run instead of being generated again.
 */
public final class PublishBenchmark {
    private static final String SOURCE = "gen";

    private PublishBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int resources = 1_000_000;
        Path dir = Path.of("/tmp/publish-bench");
        boolean export = true;
        boolean keep = false;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--resources" -> resources = Integer.parseInt(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                case "--export" -> export = Boolean.parseBoolean(args[i + 1]);
                case "--keep" -> keep = Boolean.parseBoolean(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        try {
            Path data = dir.resolve("data");
            if (!Files.exists(data.resolve("lexsync.db"))) {
                generate(data, resources);
            }
            try (LexSync lexsync = LexSync.builder(data).build()) {
                Publication p = lexsync.publication(PublishSettings.builder(URI.create("http://127.0.0.1:8080/"))
                        .feedId("tag:bench.lexsync.org,2024:aggregate").build());
                long rows = lexsync.lastSeq();
                System.out.printf(Locale.ROOT, "store: %d resources, %d journal rows%n", lexsync.resourceCount(null), rows);
                lookups(p, rows, lexsync.resourceCount(null));
                if (export) {
                    Path out = dir.resolve("export");
                    HeapPeaks.reset();
                    long t0 = System.nanoTime();
                    ExportReport r = p.export(out);
                    double s = (System.nanoTime() - t0) / 1e9;
                    System.out.printf(Locale.ROOT, "full static export: %.1f s, %d files written, %d entries, %.0f journal"
                            + " rows/s, heap peak %d MB, RSS peak %d MB%n", s, r.written(), r.entries(), rows / s,
                            HeapPeaks.heap() >> 20, HeapPeaks.rssKb() >> 10);
                    HeapPeaks.reset();
                    t0 = System.nanoTime();
                    r = p.export(out);
                    s = (System.nanoTime() - t0) / 1e9;
                    System.out.printf(Locale.ROOT, "export again, nothing changed: %.1f s, %d written, %d unchanged, heap"
                            + " peak %d MB%n", s, r.written(), r.unchanged(), HeapPeaks.heap() >> 20);
                }
            }
        } finally {
            if (!keep) {
                TempFiles.deleteTreeQuietly(dir);
            }
        }
    }

    /** Streams documents through the lookup into a counting sink, per kind. */
    private static void lookups(Publication p, long rows, long active) throws IOException {
        HeapPeaks.reset();
        long t0 = System.nanoTime();
        long bytes = 0;
        long archives = rows / p.settings().archiveSize();
        for (long n = 1; n <= archives; n++) {
            bytes += drain(p, "feed/archive/" + n + ".atom");
        }
        bytes += drain(p, "feed/current.atom");
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "Atom archive feed (aggregate): %d archives, %d entries in %.1f s = %.0f"
                + " entries/s, %d MB written, heap peak %d MB%n", archives, rows, s, rows / s, bytes >> 20,
                HeapPeaks.heap() >> 20);

        HeapPeaks.reset();
        t0 = System.nanoTime();
        bytes = 0;
        long parts = (active + p.settings().listSize() - 1) / p.settings().listSize();
        for (long n = 1; n <= parts; n++) {
            bytes += drain(p, parts > 1 ? "resourcesync/all/resourcelist/" + n + ".xml" : "resourcesync/all/resourcelist.xml");
        }
        s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "Resource List (all): %d parts, %d entries in %.1f s = %.0f entries/s, %d MB,"
                + " heap peak %d MB%n", parts, active, s, active / s, bytes >> 20, HeapPeaks.heap() >> 20);

        HeapPeaks.reset();
        t0 = System.nanoTime();
        bytes = drain(p, "resourcesync/all/changelist.xml");
        String index = new String(body(p, "resourcesync/all/changelist.xml"), StandardCharsets.UTF_8);
        List<String> lists = new ArrayList<>();
        for (String piece : index.split("<loc>")) {
            int end = piece.indexOf("</loc>");
            if (end > 0) {
                lists.add(piece.substring(0, end).replace(p.settings().baseUrl().toString(), ""));
            }
        }
        for (String list : lists) {
            bytes += drain(p, list);
        }
        s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "Change Lists (all): %d lists, %d entries in %.1f s = %.0f entries/s, %d MB,"
                + " heap peak %d MB%n", lists.size(), rows, s, rows / s, bytes >> 20, HeapPeaks.heap() >> 20);
    }

    private static long drain(Publication p, String path) throws IOException {
        PublishedDocument d = p.document(path).orElseThrow(() -> new IllegalStateException("no document " + path));
        long[] n = {0};
        d.body().writeTo(new OutputStream() {
            @Override
            public void write(int b) {
                n[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                n[0] += len;
            }
        });
        return n[0];
    }

    private static byte[] body(Publication p, String path) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        p.document(path).orElseThrow().body().writeTo(b);
        return b.toByteArray();
    }

    /**
     * N creates, then N updates, in batches of 1,000 through {@link Store#commit}, into a new store at {@code data}
     * (also the store of {@code org.lexsync.bench.serve.ServeBenchmark}).
     */
    public static void generate(Path data, int resources) throws NoSuchAlgorithmException {
        try (LexSync lexsync = LexSync.builder(data).build()) {
            lexsync.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url("https://gen.example/feed.atom").build());
        }
        long t0 = System.nanoTime();
        try (Store store = Store.open(StoreConfig.of(data))) {
            for (int version = 1; version <= 2; version++) {
                List<ResourceWrite> writes = new ArrayList<>(1000);
                List<InlineBlob> blobs = new ArrayList<>(1000);
                for (int i = 0; i < resources; i++) {
                    String uri = "https://gen.example/publ/sfs/" + i;
                    byte[] body = ("<html><body>Act " + i + ", version " + version + ". "
                            + "x".repeat(100) + "</body></html>").getBytes(StandardCharsets.UTF_8);
                    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
                    String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body));
                    BlobKey key = new BlobKey(sha);
                    RepresentationState rep = new RepresentationState(URI.create(uri + "/v" + version + ".html"),
                            RepresentationRole.PRIMARY, "text/html", body.length, md5, sha, key, null, null, List.of());
                    writes.add(new ResourceWrite(uri, false, W3cDateTime.of(java.time.Instant.parse(
                            "2024-01-01T00:00:00Z").plus(Duration.ofSeconds((long) version * resources + i))),
                            "2024-01-01", "Act " + i, List.of(), List.of(rep)));
                    blobs.add(new InlineBlob(key, body));
                    if (writes.size() == 1000) {
                        store.commit(new CommitBatch(SOURCE, null, writes, blobs, null));
                        writes = new ArrayList<>(1000);
                        blobs = new ArrayList<>(1000);
                    }
                }
                if (!writes.isEmpty()) {
                    store.commit(new CommitBatch(SOURCE, null, writes, blobs, null));
                }
            }
        }
        System.out.printf(Locale.ROOT, "generated %d resources, %d journal rows in %.1f s%n", resources,
                2L * resources, (System.nanoTime() - t0) / 1e9);
    }
}
