package org.lexsync.engine.apply;

import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * The process {@link CrashSafetyTest} kills: applies a plan file (one change per line, tab-separated
 * {@code kind uri url hash length timestamp}; url empty for a resource without files) into a store,
 * with blobs up to the given size kept in the database, resuming after the store's checkpoint (the line number of the last committed change). Prints
 * {@code ready} once the store is open, {@code committed N} after every batch and {@code done} when the
 * whole plan is committed.
 */
public final class CrashChild {
    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args[0]);
        Path planFile = Path.of(args[1]);
        int smallBlobMax = Integer.parseInt(args[2]);
        // 2 ms between requests: at most 500 changes a second however fast the machine, so that the test's 20 kills
        // land before the 5,000 changes are done (an unthrottled applier finished them between two kills)
        try (Store store = Store.open(StoreConfig.of(dataDir).withSmallBlobMaxBytes(smallBlobMax));
             Fetcher fetcher = Fetcher.builder().politeness(new Politeness(32, Duration.ofMillis(2))).ignoreRobots(true)
                     .tries(3).backoffBase(Duration.ofMillis(10)).tempDirectory(store.fileBlobs().tempDirectory())
                     .build()) {
            long from = store.sources().checkpoint(Plans.SOURCE).map(Long::parseLong).orElse(-1L) + 1;
            System.out.println("ready " + from);
            System.out.flush();
            ApplyReport report;
            try (BufferedReader in = Files.newBufferedReader(planFile, StandardCharsets.UTF_8)) {
                report = Applier.builder(fetcher, store).batchSize(50).maxBatchSize(50).build()
                        .apply(Plans.SOURCE, new PlanReader(in, from), null, p -> {
                            System.out.println("committed " + p.committed());
                            System.out.flush();
                        });
            }
            System.out.println(report.complete() ? "done" : "gap " + report.gap());
        }
    }

    /** Streams the plan file from line {@code from} on; the checkpoint of each change is its line number. */
    private static final class PlanReader implements Iterator<PlannedChange> {
        private final BufferedReader in;
        private long line;
        private String next;

        PlanReader(BufferedReader in, long from) throws IOException {
            this.in = in;
            while (line < from && in.readLine() != null) {
                line++;
            }
            next = in.readLine();
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public PlannedChange next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            String[] f = next.split("\t", -1);
            String checkpoint = Long.toString(line);
            ChangeKind kind = ChangeKind.fromToken(f[0]);
            PlannedChange change = kind == ChangeKind.DELETED
                    ? PlannedChange.delete(Plans.SOURCE, f[1], W3cDateTimes.parseOrNull(f[5]), checkpoint)
                    : PlannedChange.upsert(Plans.SOURCE, f[1], kind, W3cDateTimes.parseOrNull(f[5]),
                    f[2].isEmpty() ? List.of() : List.of(PlannedRepresentation.fetch(URI.create(f[2]),
                            RepresentationRole.PRIMARY, Digests.parse(f[3]),
                            f[4].isEmpty() ? null : Long.parseLong(f[4]), null)), checkpoint);
            try {
                next = in.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            line++;
            return change;
        }
    }
}
