package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.jena.graph.Graph;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.rdf.GraphInfo;
import org.lexsync.engine.rdf.GraphReplacement;
import org.lexsync.engine.rdf.MetadataExtractionException;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;

/**
 * Keeps the TDB2 named graphs in step with what the applier committed (ELI Pillar IV annex §4.1 step 2c;
 * DESIGN §3 "RDF", §4.2). The graphs live outside the relational transaction, so:
 * <ol>
 * <li>the page itself is committed by the applier as the resource's PRIMARY representation, with the
 *     source's date as the resource's source timestamp;</li>
 * <li>after each committed batch, the graphs extracted while planning are queued for exactly the changes
 *     committed (the applier commits in planning order and goes past a failed unordered change, whose graph is
 *     dropped), with that date as the graph's lastmod, and written
 *     {@value #BATCH} at a time in one TDB2 write transaction (a TDB2 commit costs a journal write and an
 *     fsync of every index, so one per few graphs would dominate); the queue is also written at the first
 *     commit after its oldest graph has waited {@value #MAX_DELAY_SECONDS} s, before a deletion (which
 *     removes the graph, so the order is kept) and when the apply call ends;</li>
 * <li>at the start of every run, {@link #repair} rebuilds from the stored page every graph that is missing,
 *     whose lastmod differs from the resource's source timestamp, or that is older than the resource's last
 *     harvest, and removes graphs of deleted resources — so a crash between a commit and its graph write
 *     (graphs still queued included) is mended by the next run. Writing a graph twice gives the same graph,
 *     so all of this is idempotent.</li>
 * </ol>
 */
final class GraphSync {
    /** Graphs per TDB2 write transaction. */
    static final int BATCH = 256;
    /** Longest time a committed change's graph waits in the queue before it is written. */
    static final long MAX_DELAY_SECONDS = 5;

    private final Store store;
    private final RdfStore rdf;
    private final PageMetadataExtractor extractor;
    /**
     * Graphs of planned changes in planning order. The planner adds on its own thread (the applier reads it
     * ahead) while {@link #committed} takes on the applier's thread, hence a concurrent queue.
     */
    private final Queue<Pending> pending = new ConcurrentLinkedQueue<>();
    /** Graphs of committed changes not yet written, in commit order. */
    private final List<GraphReplacement> queued = new ArrayList<>();
    private long oldestQueuedNanos;
    /** Failed changes of the current apply call whose pending entry was already dropped. */
    private long failuresResolved;
    private long written;
    private long removed;

    /**
     * A planned change's graph: null {@code graph} with {@code delete} false means nothing to write; {@code failed}
     * marks a change the planner already failed (the applier fails it without committing it).
     */
    private record Pending(String eli, Graph graph, W3cDateTime lastmod, boolean delete, boolean failed) {
    }

    GraphSync(Store store, RdfStore rdf, PageMetadataExtractor extractor) {
        this.store = store;
        this.rdf = rdf;
        this.extractor = extractor;
    }

    /** Records the graph of the change just planned (null when its page could not be read). */
    void planned(String eli, Graph graph, W3cDateTime lastmod) {
        pending.add(new Pending(eli, graph, lastmod, false, false));
    }

    /** Records a change the planner failed: it takes its place in the order but is never committed. */
    void plannedFailure(String eli) {
        pending.add(new Pending(eli, null, null, false, true));
    }

    /** Records a planned deletion. */
    void plannedDeletion(String eli) {
        pending.add(new Pending(eli, null, null, true, false));
    }

    /** As {@link #committed(long, long, Predicate)} for a call in which no change failed. */
    void committed(long count) {
        committed(count, 0, eli -> false);
    }

    /**
     * The applier committed {@code count} more changes of the current apply call, in which {@code failedSoFar}
     * changes failed so far; {@code failedInThisRun} tells whether an ELI's change is one of them (its item
     * failure was recorded in this run). The applier goes past a failed unordered change, so the committed changes
     * are the planned ones minus the failed ones; a failure is always recorded before a later change commits.
     */
    void committed(long count, long failedSoFar, Predicate<String> failedInThisRun) {
        Instant now = Instant.now();
        for (long i = 0; i < count && !pending.isEmpty(); ) {
            Pending p = pending.poll();
            if (p.failed() || failedSoFar > failuresResolved && !p.delete() && failedInThisRun.test(p.eli())) {
                failuresResolved++;
                continue;
            }
            i++;
            if (p.delete()) {
                // a queued replacement of the same graph must not land after its removal
                flush();
                if (rdf.removeGraph(p.eli())) {
                    removed++;
                }
            } else if (p.graph() != null) {
                if (queued.isEmpty()) {
                    oldestQueuedNanos = System.nanoTime();
                }
                queued.add(new GraphReplacement(p.eli(), p.graph(), p.lastmod(), now));
            }
        }
        if (queued.size() >= BATCH || !queued.isEmpty()
                && System.nanoTime() - oldestQueuedNanos >= TimeUnit.SECONDS.toNanos(MAX_DELAY_SECONDS)) {
            flush();
        }
    }

    /**
     * The apply call ended: the queued graphs of committed changes are written, and changes planned but not
     * committed (held behind a failure) keep no graph.
     */
    void applyEnded() {
        pending.clear();
        failuresResolved = 0;
        flush();
    }

    /** Writes the queued graphs (in one transaction per {@value #BATCH}). */
    void flush() {
        for (int from = 0; from < queued.size(); from += BATCH) {
            write(queued.subList(from, Math.min(from + BATCH, queued.size())));
        }
        queued.clear();
    }

    long written() {
        return written;
    }

    long removed() {
        return removed;
    }

    /** Rebuilds what a crash may have left behind (see the class comment); returns the number of graphs mended. */
    long repair(String sourceId) {
        List<ResourceState> stale = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        store.resources().forEach(sourceId, true, state -> {
            Optional<GraphInfo> info = rdf.graphInfo(state.uri());
            if (!state.active()) {
                if (info.isPresent()) {
                    gone.add(state.uri());
                }
            } else if (info.isEmpty() || !Objects.equals(text(info.get().lastmod()), text(state.sourceTimestamp()))
                    || state.lastHarvested() != null && info.get().harvested().isBefore(state.lastHarvested())) {
                stale.add(state);
            }
        });
        gone.forEach(rdf::removeGraph);
        List<GraphReplacement> batch = new ArrayList<>();
        Instant now = Instant.now();
        for (ResourceState s : stale) {
            Graph g = rebuild(s);
            if (g != null) {
                batch.add(new GraphReplacement(s.uri(), g, s.sourceTimestamp(), now));
            }
            if (batch.size() >= BATCH) {
                write(batch);
                batch = new ArrayList<>();
            }
        }
        write(batch);
        return stale.size() + gone.size();
    }

    private Graph rebuild(ResourceState s) {
        for (RepresentationState r : s.representations()) {
            if (r.role() != RepresentationRole.PRIMARY) {
                continue;
            }
            String base = r.url() != null ? r.url().toString() : r.links().stream().filter(l -> l.rel().equals("via"))
                    .map(Link::href).findFirst().orElse(s.uri());
            try (InputStream in = store.blobs().open(r.blobKey())) {
                return extractor.extract(in, URI.create(base), null).graph();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (MetadataExtractionException e) {
                return null;
            }
        }
        return null;
    }

    private void write(List<GraphReplacement> batch) {
        if (!batch.isEmpty()) {
            rdf.replaceGraphs(List.copyOf(batch));
            written += batch.size();
        }
    }

    private static String text(W3cDateTime t) {
        return t == null ? null : t.toString();
    }
}
