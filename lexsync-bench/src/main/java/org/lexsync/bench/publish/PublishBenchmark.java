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
 * through the store's commit path (the applier's batches, no network) or reused when {@code DIR/data} holds one,
 * then published: (1) every document family streamed through the document lookup the server uses — each Atom
 * feed's archives and subscription document, each ResourceSync set's Resource List and Change Lists, for the
 * aggregate and (with {@code --source-feeds true}) the source — and (2) the full static export, reported in files/s
 * and MB/s by family, since it is file writing rather than entries. Prints wall time, the process's CPU time per
 * 1,000 entries and the sampled heap for each step and for "publish everything". {@code DIR} is deleted at the
 * end unless {@code --keep true} keeps the store (and export) for the next run: generating a million resources
 * takes a quarter of an hour.
 *
 * <pre>java -Xmx256m -Xlog:gc:file=gc.log -cp lexsync-bench/target/benchmarks.jar \
 *     org.lexsync.bench.publish.PublishBenchmark --resources 1000000 --dir /tmp/publish-bench \
 *     [--lookups true] [--source-feeds true] [--export true] [--keep false] [--threads CORES]</pre>
 *
 * <p>{@code --threads N} drains the documents of each family on N threads (default: the number of cores; 1 for
 * the single-threaded figures of earlier sessions).
 */
public final class PublishBenchmark {
    private static final String SOURCE = "gen";

    private PublishBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int resources = 1_000_000;
        Path dir = Path.of("/tmp/publish-bench");
        boolean export = true;
        boolean lookups = true;
        boolean sources = true;
        boolean keep = false;
        int threads = Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--resources" -> resources = Integer.parseInt(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                case "--export" -> export = Boolean.parseBoolean(args[i + 1]);
                case "--lookups" -> lookups = Boolean.parseBoolean(args[i + 1]);
                case "--source-feeds" -> sources = Boolean.parseBoolean(args[i + 1]);
                case "--keep" -> keep = Boolean.parseBoolean(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path data = dir.resolve("data");
        if (Files.exists(data.resolve("lexsync.db"))) {
            System.out.println("reusing the store in " + data + " (delete it to generate anew)");
        } else {
            generate(data, resources);
        }
        HeapSampler sampler = HeapSampler.start();
        try (LexSync lexsync = LexSync.builder(data).build()) {
            Publication p = lexsync.publication(PublishSettings.builder(URI.create("http://127.0.0.1:8080/"))
                    .feedId("tag:bench.lexsync.org,2024:aggregate").build());
            long rows = lexsync.store().lastSeq();
            long active = lexsync.store().resourceCount(null);
            System.out.printf(Locale.ROOT, "store: %d resources, %d journal rows%n", active, rows);
            if (lookups) {
                System.out.printf(Locale.ROOT, "documents drained by %d thread(s) (--threads)%n", threads);
                drainer = threads > 1 ? java.util.concurrent.Executors.newFixedThreadPool(threads) : null;
                List<String> scopes = new ArrayList<>(List.of(""));
                if (sources) {
                    scopes.add(SOURCE);
                }
                Phase all = new Phase("publish everything (all document families)");
                for (String scope : scopes) {
                    all.add(atom(p, scope, rows, sampler));
                    all.add(resourceList(p, scope, active, sampler));
                    all.add(changeLists(p, scope, rows, sampler));
                }
                all.print();
                if (drainer != null) {
                    drainer.shutdown();
                }
            }
            if (export) {
                Path out = dir.resolve("export");
                sampler.reset();
                HeapPeaks.reset();
                Phase ex = new Phase("full static export");
                Phase.Mark m = Phase.mark();
                ExportReport r = p.export(out);
                ex.end(m, rows, 0, sampler);
                System.out.printf(Locale.ROOT, "full static export: %.1f s wall, %.1f s CPU, %d files written, %d"
                        + " entries, heap used max %d MB (sampled), heap pools' peaks %d MB, RSS peak %d MB%n",
                        ex.wall, ex.cpu, r.written(), r.entries(), sampler.max() >> 20, HeapPeaks.heap() >> 20,
                        HeapPeaks.rssKb() >> 10);
                ExportSizes.of(out).print(ex.wall, ex.cpu);
                sampler.reset();
                m = Phase.mark();
                Phase again = new Phase("export again");
                r = p.export(out);
                again.end(m, 0, 0, sampler);
                System.out.printf(Locale.ROOT, "export again, nothing changed: %.1f s wall, %.1f s CPU, %d written,"
                        + " %d unchanged, heap used max %d MB (sampled)%n", again.wall, again.cpu, r.written(),
                        r.unchanged(), sampler.max() >> 20);
            }
        } finally {
            sampler.stop();
            if (!keep) {
                delete(dir);
            }
        }
        System.out.printf(Locale.ROOT, "heap used max over the whole run: %d MB (sampled every 20 ms)%n",
                sampler.overallMax() >> 20);
    }

    /** Deletes the benchmark's directory (store and export). */
    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        System.out.println("deleted " + dir + " (--keep true keeps it)");
    }

    private static String set(String scope) {
        return scope.isEmpty() ? "resourcesync/all/" : "resourcesync/source/" + scope + "/";
    }

    /** Every archive and the subscription document of one Atom feed ({@code ""}: the aggregate). */
    private static Phase atom(Publication p, String scope, long rows, HeapSampler sampler) throws IOException {
        String prefix = scope.isEmpty() ? "feed/" : "feed/" + scope + "/";
        Phase ph = new Phase("Atom feed " + (scope.isEmpty() ? "(aggregate)" : scope) + ", archives + current");
        sampler.reset();
        Phase.Mark m = Phase.mark();
        long archives = rows / p.settings().archiveSize();
        List<String> paths = new ArrayList<>();
        for (long n = 1; n <= archives; n++) {
            paths.add(prefix + "archive/" + n + ".atom");
        }
        paths.add(prefix + "current.atom");
        long bytes = drainAll(p, paths);
        ph.end(m, rows, bytes, sampler);
        ph.documents = archives + 1;
        ph.print();
        return ph;
    }

    private static Phase resourceList(Publication p, String scope, long active, HeapSampler sampler)
            throws IOException {
        Phase ph = new Phase("Resource List " + (scope.isEmpty() ? "(all)" : scope));
        sampler.reset();
        Phase.Mark m = Phase.mark();
        long parts = (active + p.settings().listSize() - 1) / p.settings().listSize();
        List<String> paths = new ArrayList<>(List.of(set(scope) + "resourcelist.xml"));
        for (long n = 1; parts > 1 && n <= parts; n++) {
            paths.add(set(scope) + "resourcelist/" + n + ".xml");
        }
        long bytes = drainAll(p, paths);
        ph.end(m, active, bytes, sampler);
        ph.documents = parts > 1 ? parts + 1 : 1;
        ph.print();
        return ph;
    }

    private static Phase changeLists(Publication p, String scope, long rows, HeapSampler sampler) throws IOException {
        Phase ph = new Phase("Change Lists " + (scope.isEmpty() ? "(all)" : scope) + ", index + parts");
        sampler.reset();
        Phase.Mark m = Phase.mark();
        long bytes = drain(p, set(scope) + "changelist.xml");
        String index = new String(body(p, set(scope) + "changelist.xml"), StandardCharsets.UTF_8);
        List<String> lists = new ArrayList<>();
        for (String piece : index.split("<loc>")) {
            int end = piece.indexOf("</loc>");
            if (end > 0) {
                lists.add(piece.substring(0, end).replace(p.settings().baseUrl().toString(), ""));
            }
        }
        bytes += drainAll(p, lists);
        ph.end(m, rows, bytes, sampler);
        ph.documents = lists.size() + 1;
        ph.print();
        return ph;
    }

    /** The threads documents are drained by in the lookups ({@code --threads}, default: the cores); null: one. */
    private static java.util.concurrent.ExecutorService drainer;

    /**
     * Drains every document of {@code paths}, on the {@code --threads} threads when more than one (independent
     * documents in parallel, as a server answers them or a static export could write them); the bytes in all.
     */
    private static long drainAll(Publication p, List<String> paths) throws IOException {
        if (drainer == null) {
            long bytes = 0;
            for (String path : paths) {
                bytes += drain(p, path);
            }
            return bytes;
        }
        List<java.util.concurrent.Future<Long>> futures = new ArrayList<>(paths.size());
        for (String path : paths) {
            futures.add(drainer.submit(() -> drain(p, path)));
        }
        long bytes = 0;
        try {
            for (java.util.concurrent.Future<Long> f : futures) {
                bytes += f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException("draining failed: " + e.getCause(), e.getCause());
        }
        return bytes;
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
