package org.lexsync.bench.publish;

import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.publish.Publisher;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * What publishing costs a server right after a harvest commits: on a big store (a {@link PublishBenchmark} store,
 * {@code --keep true}), commits one row to a source {@code grow}, then times the lookup of an Atom archive, the
 * rendering of the Change List Index and the lookup of a Resource List part, several rounds. The first round builds
 * the position index and the Change List parts; later ones show what one new row costs.
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.publish.GrowingJournalCheck STORE/data [ROUNDS]</pre>
 *
 * It writes to the store (one row per round).
 */
public final class GrowingJournalCheck {
    private GrowingJournalCheck() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        try (Store store = Store.open(StoreConfig.of(Path.of(args[0])))) {
            Publisher publisher = new Publisher(store, PublishSettings.builder(URI.create("http://127.0.0.1:8080/"))
                    .build(), Set.of()); // no ELI sources in this store
            for (int round = 0; round < rounds; round++) {
                store.commit(new CommitBatch("grow", null, List.of(write("http://grow.example/" + System.nanoTime())),
                        null, null));
                long t0 = System.nanoTime();
                publisher.document("feed/archive/1.atom").orElseThrow();
                long t1 = System.nanoTime();
                publisher.document("resourcesync/all/changelist.xml").orElseThrow().body()
                        .writeTo(OutputStream.nullOutputStream());
                long t2 = System.nanoTime();
                publisher.document("resourcesync/all/resourcelist/2.xml").orElseThrow();
                long t3 = System.nanoTime();
                System.out.printf(Locale.ROOT, "round %d, one row committed: Atom archive lookup %.1f ms, Change List"
                        + " Index %.1f ms, Resource List part lookup %.1f ms%n", round, (t1 - t0) / 1e6,
                        (t2 - t1) / 1e6, (t3 - t2) / 1e6);
            }
        }
    }

    private static ResourceWrite write(String uri) {
        byte[] bytes = uri.getBytes(StandardCharsets.UTF_8);
        String sha = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes)).sha256();
        return new ResourceWrite(uri, false, null, null, "t", List.of(), List.of(new RepresentationState(
                URI.create(uri), RepresentationRole.PRIMARY, "text/plain", bytes.length, null, sha, new BlobKey(sha),
                null, null, List.of())));
    }
}
