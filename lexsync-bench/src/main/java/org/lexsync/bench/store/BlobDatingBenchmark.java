package org.lexsync.bench.store;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * What dating a served blob costs ({@code Journal.firstCollected}: the Last-Modified of {@code /blob/sha256/…}, looked
 * up again for each path after every commit) for the bytes of superseded versions, which a client reading the closed
 * Atom archives asks for one by one. Builds a journal of {@code --resources} × {@code --versions} rows, then times
 * lookups of superseded blobs and of bytes no row names, first with each blob's first row recorded (V29), then with
 * the records taken away as in a store upgraded from V28 before gc's backfill (the journal scan of earlier builds).
 * <pre>java -cp benchmarks.jar org.lexsync.bench.store.BlobDatingBenchmark [--resources 20000] [--versions 5]
 *     [--lookups 200] [--jdbc-url jdbc:postgresql://127.0.0.1:5432/fresh_db]</pre>
 */
public final class BlobDatingBenchmark {
    private BlobDatingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int resources = 20_000;
        int versions = 5;
        int lookups = 200;
        String jdbcUrl = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--resources" -> resources = Integer.parseInt(args[++i]);
                case "--versions" -> versions = Integer.parseInt(args[++i]);
                case "--lookups" -> lookups = Integer.parseInt(args[++i]);
                case "--jdbc-url" -> jdbcUrl = args[++i];
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (--resources N, --versions N, --lookups N, --jdbc-url URL)");
            }
        }
        Path dir = Files.createTempDirectory("lexsync-blob-dating");
        StoreConfig config = StoreConfig.of(dir);
        if (jdbcUrl != null) {
            config = config.withJdbcUrl(jdbcUrl, "postgres", null);
        }
        try (Store store = Store.open(config)) {
            long start = System.nanoTime();
            for (int v = 0; v < versions; v++) {
                for (int from = 0; from < resources; from += 500) {
                    List<ResourceWrite> writes = new ArrayList<>();
                    List<InlineBlob> blobs = new ArrayList<>();
                    for (int r = from; r < Math.min(resources, from + 500); r++) {
                        byte[] bytes = content(r, v);
                        BlobKey key = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes));
                        blobs.add(new InlineBlob(key, bytes));
                        String uri = "http://bench.example/r/" + r;
                        writes.add(new ResourceWrite(uri, false, null, null, "r" + r, List.of(), List.of(
                                new RepresentationState(URI.create(uri + ".xml"), RepresentationRole.PRIMARY,
                                        "application/xml", bytes.length, null, key.sha256(), key, null, null,
                                        List.of()))));
                    }
                    store.commit(new CommitBatch("bench", null, writes, blobs, null));
                }
            }
            System.out.printf(Locale.ROOT, "store=%s rows=%d built in %.1f s%n", store.sqlite() ? "sqlite" : "postgresql",
                    (long) resources * versions, (System.nanoTime() - start) / 1e9);
            Random random = new Random(7);
            List<String> superseded = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            for (int i = 0; i < lookups; i++) {
                byte[] bytes = content(random.nextInt(resources), random.nextInt(versions - 1));
                superseded.add(BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes)).sha256());
                unknown.add(BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(
                        ("unknown " + i).getBytes(StandardCharsets.UTF_8))).sha256());
            }
            time(store, "superseded, first rows recorded", superseded);
            time(store, "no row names it, recorded", unknown);
            try (Connection c = DriverManager.getConnection(config.effectiveJdbcUrl(), "postgres", null);
                 Statement st = c.createStatement()) {
                st.executeUpdate("UPDATE journal_blobs SET first_seq = NULL");
                st.executeUpdate("INSERT INTO journal_blobs_backfill (upto) SELECT MAX(seq) FROM journal");
            }
            time(store, "superseded, as upgraded from V28", superseded.subList(0, Math.min(50, lookups)));
            time(store, "no row names it, as upgraded from V28", unknown.subList(0, Math.min(10, lookups)));
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static byte[] content(int resource, int version) {
        return ("<act id=\"" + resource + "\" version=\"" + version + "\"/>").getBytes(StandardCharsets.UTF_8);
    }

    private static void time(Store store, String what, List<String> keys) throws SQLException {
        for (String key : keys.subList(0, Math.min(5, keys.size()))) {
            store.journal().firstCollected(key);   // warm-up
        }
        long[] micros = new long[keys.size()];
        long cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        for (int i = 0; i < keys.size(); i++) {
            long t = System.nanoTime();
            store.journal().firstCollected(keys.get(i));
            micros[i] = (System.nanoTime() - t) / 1_000;
        }
        cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu;
        Arrays.sort(micros);
        System.out.printf(Locale.ROOT, "%-40s lookups=%d p50=%.2f ms p99=%.2f ms mean=%.2f ms clientCpu=%.3f ms/lookup%n",
                what, keys.size(), micros[keys.size() / 2] / 1e3, micros[(int) (keys.size() * 0.99)] / 1e3,
                Arrays.stream(micros).average().orElse(0) / 1e3, cpu / 1e6 / keys.size());
    }
}
