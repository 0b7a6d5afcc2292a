package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.apache.jena.graph.Graph;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.rdf.GraphInfo;
import org.lexsync.engine.rdf.GraphReplacement;
import org.lexsync.engine.rdf.MetadataExtractionException;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.CommittedBatch;
import org.lexsync.engine.model.CommittedChange;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;

/**
 * Keeps the TDB2 named graphs in step with what the applier committed (ELI Pillar IV annex §4.1 step 2c;
 * docs/architecture.md, "Core model": RDF, §4.2). The graphs live outside the relational transaction, so:
 * <ol>
 * <li>the page itself is committed by the applier as the resource's PRIMARY representation, with the
 *     source's date as the resource's source timestamp;</li>
 * <li>the applier tells this {@link CommitListener} about every committed batch: the graph extracted while
 *     planning each committed change is queued (a failed change is never announced, and its graph is dropped when
 *     the apply call ends), with that date as the graph's lastmod, a committed deletion removes its graph, and a
 *     committed change nothing was planned for here (one the applier retried on its own) gets its graph rebuilt
 *     from the stored page; the queue is written {@value #BATCH} at a time in one TDB2 write transaction (a TDB2
 *     commit costs a journal write and an fsync of every index, so one per few graphs would dominate), also at the
 *     first commit after its oldest graph has waited {@value #MAX_DELAY_SECONDS} s, before a deletion (which
 *     removes the graph, so the order is kept) and when the apply call ends; a failed TDB2 write is reported by
 *     the applier and mended by the next run;</li>
 * <li>at the start of every run, {@link #repair} rebuilds from the stored page every graph that is missing,
 *     whose lastmod differs from the resource's source timestamp, or that is older than the resource's last
 *     harvest, and removes graphs of deleted resources — so a crash between a commit and its graph write
 *     (graphs still queued included) is mended by the next run. Writing a graph twice gives the same graph,
 *     so all of this is idempotent.</li>
 * </ol>
 */
final class GraphSync implements CommitListener {
    /** Graphs per TDB2 write transaction. */
    static final int BATCH = 256;
    /** Longest time a committed change's graph waits in the queue before it is written. */
    static final long MAX_DELAY_SECONDS = 5;

    private final HarvestStore store;
    private final RdfStore rdf;
    private final PageMetadataExtractor extractor;
    /**
     * Graphs of the planned changes not yet committed, per ELI in planning order. The planner adds on its own thread
     * (the applier reads it ahead) while {@link #committed} takes on the applier's listener thread, hence guarded by
     * itself.
     */
    private final Map<String, ArrayDeque<Pending>> pending = new HashMap<>();
    /** Graphs of committed changes not yet written, in commit order (listener thread only). */
    private final List<GraphReplacement> queued = new ArrayList<>();
    private long oldestQueuedNanos;
    private volatile long written;
    private volatile long removed;

    /** A planned change's graph: null when there is nothing to write (its page could not be read). */
    private record Pending(Graph graph, W3cDateTime lastmod) {
    }

    GraphSync(HarvestStore store, RdfStore rdf, PageMetadataExtractor extractor) {
        this.store = store;
        this.rdf = rdf;
        this.extractor = extractor;
    }

    /**
     * Records the graph of the change of {@code eli} just planned, dated {@code lastmod} (null graph when its page
     * could not be read); a change the planner failed is never committed and records nothing.
     */
    void planned(String eli, Graph graph, W3cDateTime lastmod) {
        if (rdf == null) {
            return; // a dry run: nothing is committed
        }
        synchronized (pending) {
            pending.computeIfAbsent(eli, k -> new ArrayDeque<>(1)).add(new Pending(graph, lastmod));
        }
    }

    /** Queues (or removes) the graphs of the committed changes, in commit order. */
    @Override
    public void committed(CommittedBatch batch) {
        Instant now = Instant.now();
        for (CommittedChange c : batch.changes()) {
            String eli = c.resourceUri();
            if (c.change().isDelete()) {
                // a queued replacement of the same graph must not land after its removal
                flush();
                if (rdf.removeGraph(eli)) {
                    removed++;
                }
                continue;
            }
            Pending p = take(eli, c.change().sourceTimestamp());
            Graph graph = p != null ? p.graph() : stored(batch.sourceId(), eli);
            if (graph != null) {
                if (queued.isEmpty()) {
                    oldestQueuedNanos = System.nanoTime();
                }
                queued.add(new GraphReplacement(eli, graph, c.change().sourceTimestamp(), now));
            }
        }
        if (queued.size() >= BATCH || !queued.isEmpty()
                && System.nanoTime() - oldestQueuedNanos >= TimeUnit.SECONDS.toNanos(MAX_DELAY_SECONDS)) {
            flush();
        }
    }

    /**
     * The apply call ended: the queued graphs of committed changes are written, and changes planned but not
     * committed (failed, or held behind a failure) keep no graph.
     */
    @Override
    public void applyEnded(String sourceId, long runId) {
        synchronized (pending) {
            pending.clear();
        }
        flush();
    }

    /**
     * The planned graph of the committed change of {@code eli} dated {@code date}: the oldest planned one of that
     * date (earlier ones of the ELI were failed changes), else the oldest; null when none was planned here.
     */
    private Pending take(String eli, W3cDateTime date) {
        synchronized (pending) {
            ArrayDeque<Pending> planned = pending.get(eli);
            if (planned == null) {
                return null;
            }
            Pending found = null;
            for (Iterator<Pending> it = planned.iterator(); it.hasNext() && found == null; ) {
                Pending p = it.next();
                if (Objects.equals(text(p.lastmod()), text(date))) {
                    found = p;
                }
            }
            Pending p;
            do {
                p = planned.poll();
            } while (found != null && p != found);
            if (planned.isEmpty()) {
                pending.remove(eli);
            }
            return p;
        }
    }

    /** The graph of the page stored for {@code eli}, or null. */
    private Graph stored(String sourceId, String eli) {
        return store == null ? null : Optional.ofNullable(store.resources(sourceId, List.of(eli)).get(eli)).map(this::rebuild).orElse(null);
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
        store.forEachResource(sourceId, true, state -> {
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

    /** The graph of the page stored for {@code s}, or null when it has none or its metadata cannot be read. */
    Graph rebuild(ResourceState s) {
        for (RepresentationState r : s.representations()) {
            if (r.role() != RepresentationRole.PRIMARY) {
                continue;
            }
            String base = r.url() != null ? r.url().toString() : r.links().stream().filter(l -> l.rel().equals("via"))
                    .map(Link::href).findFirst().orElse(s.uri());
            try (InputStream in = store.openBlob(r.blobKey())) {
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
