package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.time.Duration;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * docs/architecture.md, invariant 2 "crash-safe, exactly once": a child JVM applies 5,000 changes from the fixture
 * publisher while this test kills it with SIGKILL at 20 random moments and restarts it. Afterwards the store equals the
 * publisher, the journal holds exactly one row per change in the source's order, and every file the store references is
 * present and hashes to its key.
 */
class CrashSafetyTest {
    private static final int KILLS = 20;
    /** Fixture bodies are 1,016..1,339 bytes: about half go to the database, half to blob files. */
    private static final int SMALL_BLOB_MAX = 1024;

    @TempDir
    Path dir;

    @Test
    void killedAtRandomMomentsTheApplierResumesWithoutLossOrDuplicates() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(4_500).seed(42).start()) {
            pub.applyChanges(200, 200, 100);
            List<FixtureChange> history = pub.changes();
            assertThat(history).hasSize(5_000);
            Path plan = writePlan(pub, history);
            Path data = dir.resolve("data");
            Random random = new Random(20_241_121L);

            int kills = 0;
            List<Long> resumedAt = new ArrayList<>();
            for (int attempt = 0; kills < KILLS && attempt < KILLS * 3; attempt++) {
                Child child = Child.start(data, plan);
                String ready = child.awaitLineStarting("ready", 120);
                assertThat(ready).as("child output: %s", child.output()).isNotNull();
                resumedAt.add(Long.parseLong(ready.substring("ready ".length())));
                // Every fifth kill lands during start-up; the others while batches are being fetched and committed.
                if (kills % 5 != 0) {
                    assertThat(child.awaitLineStarting("committed", 120)).as("child output: %s", child.output())
                            .isNotNull();
                }
                // short enough that 20 kills land before a fast machine finishes the 5,000 changes
                Thread.sleep(random.nextInt(150));
                if (child.process.isAlive()) {
                    child.process.destroyForcibly();
                    kills++;
                }
                child.process.waitFor(60, TimeUnit.SECONDS);
            }
            assertThat(kills).isEqualTo(KILLS);
            assertThat(resumedAt).as("checkpoints at restart").isSorted();
            assertThat(resumedAt.get(resumedAt.size() - 1)).as("work was left for the last run").isLessThan(5_000);
            assertThat(resumedAt.stream().distinct().count()).as("kills landed while work progressed").isGreaterThan(KILLS / 2);
            Child last = Child.start(data, plan);
            assertThat(last.process.waitFor(5, TimeUnit.MINUTES)).isTrue();
            assertThat(last.output()).contains("done");

            try (Store store = Store.open(StoreConfig.of(data).withSmallBlobMaxBytes(SMALL_BLOB_MAX))) {
                assertJournalIsTheHistory(store, history);
                assertStoreEqualsPublisher(store, pub);
            }
        }
    }

    private static void assertJournalIsTheHistory(Store store, List<FixtureChange> history) {
        List<String> journal = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, (JournalEntry j) -> journal.add(j.kind().token() + " " + j.resourceUri()));
        List<String> expected = history.stream()
                .map(c -> c.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + c.uri()).toList();
        assertThat(journal).containsExactlyElementsOf(expected);
    }

    private static void assertStoreEqualsPublisher(Store store, FixturePublisher pub) throws IOException {
        List<String> active = new ArrayList<>();
        List<RepresentationState> reps = new ArrayList<>();
        store.resources().forEach(Plans.SOURCE, false, r -> {
            active.add(r.uri());
            reps.addAll(r.representations());
        });
        assertThat(active).containsExactlyInAnyOrderElementsOf(
                pub.activeResources().stream().map(r -> r.uri().toString()).toList());
        long inFiles = 0;
        for (RepresentationState rep : reps) {
            FixtureResource r = pub.resource(rep.url().getPath());
            if (store.fileBlobs().exists(rep.blobKey())) {
                inFiles++;
            }
            assertThat(rep.sha256()).as(r.path()).isEqualTo(r.sha256());
            try (InputStream in = store.blobs().open(rep.blobKey())) {
                byte[] bytes = in.readAllBytes();
                assertThat(BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes))).isEqualTo(rep.blobKey());
            }
        }
        assertThat(inFiles).as("blobs kept as files").isPositive().isLessThan(reps.size());
    }

    /** The plan as a planner would state it: the publisher's history, each change with today's bytes. */
    private static Path writePlan(FixturePublisher pub, List<FixtureChange> history) throws IOException {
        Path plan = Files.createTempFile(pub.baseUri().getPort() + "-plan", ".tsv");
        try (Writer w = Files.newBufferedWriter(plan, StandardCharsets.UTF_8)) {
            for (FixtureChange c : history) {
                FixtureResource r = pub.resource(c.path());
                boolean current = !r.deleted() && r.version() == c.version();
                String url = c.kind() == FixtureChange.Kind.DELETED || r.deleted() ? "" : c.uri().toString();
                w.write(String.join("\t", c.kind().name().toLowerCase(java.util.Locale.ROOT), c.uri().toString(), url,
                        current ? r.hashAttribute() : "", current ? Long.toString(r.length()) : "",
                        c.time().toString()));
                w.write('\n');
            }
        }
        return plan;
    }

    /** A child JVM running {@link CrashChild} with this test's class path. */
    private record Child(Process process, BlockingQueue<String> lines, StringBuilder all, Thread reader) {

        static Child start(Path data, Path plan) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                    "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                    CrashChild.class.getName(), data.toString(), plan.toString(),
                    Integer.toString(SMALL_BLOB_MAX));
            pb.redirectErrorStream(true);
            Process p = pb.start();
            BlockingQueue<String> lines = new ArrayBlockingQueue<>(10_000);
            StringBuilder all = new StringBuilder();
            Thread reader = Thread.ofVirtual().start(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        synchronized (all) {
                            all.append(line).append('\n');
                        }
                        lines.offer(line);
                    }
                } catch (IOException ignored) {
                    // the process was killed
                }
            });
            return new Child(p, lines, all, reader);
        }

        /** Waits up to {@code seconds} for an output line starting with {@code prefix}; null if none came. */
        String awaitLineStarting(String prefix, int seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            for (long left; (left = deadline - System.nanoTime()) > 0; ) {
                String line = lines.poll(left, TimeUnit.NANOSECONDS);
                if (line == null) {
                    return null;
                }
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            return null;
        }

        /** What the child printed: all of it once it has exited (its reader reached the end), else so far. */
        String output() throws InterruptedException {
            if (!process.isAlive()) {
                reader.join(Duration.ofSeconds(10));
            }
            synchronized (all) {
                return all.toString();
            }
        }
    }
}
