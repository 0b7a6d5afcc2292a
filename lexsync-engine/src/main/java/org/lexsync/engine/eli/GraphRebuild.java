package org.lexsync.engine.eli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Graph;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.GraphRebuildProgress;
import org.lexsync.engine.model.GraphRebuildReport;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.rdf.GraphReplacement;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;

/**
 * Rebuilds every ELI named graph of some sources from the pages the store holds, into a graph store (the local TDB2
 * or a remote SPARQL store, empty or not): each active resource's graph is replaced, dated with the resource's source
 * timestamp as a harvest would date it, and the graph of a deleted resource is removed. So the graph store is never
 * the only copy of the metadata (issue 31, {@code lexsync rdf rebuild}). Idempotent, like {@link GraphSync#repair}.
 */
public final class GraphRebuild {
    private final HarvestStore store;
    private final RdfStore rdf;
    private final GraphSync pages;

    public GraphRebuild(HarvestStore store, RdfStore rdf) {
        this.store = store;
        this.rdf = rdf;
        this.pages = new GraphSync(store, rdf, new PageMetadataExtractor());
    }

    /** Rebuilds the graphs of {@code sourceIds}, telling {@code progress} after each batch. */
    public GraphRebuildReport rebuild(List<String> sourceIds, GraphRebuildProgress progress) {
        long total = 0;
        for (String id : sourceIds) {
            total += store.resourceCount(id, false);
        }
        long done = 0;
        long written = 0;
        long without = 0;
        long removed = 0;
        progress.progress(0, total);
        for (String id : sourceIds) {
            List<String> active = new ArrayList<>();
            List<String> deleted = new ArrayList<>();
            store.forEachResource(id, true, s -> (s.active() ? active : deleted).add(s.uri()));
            for (int from = 0; from < active.size(); from += GraphSync.BATCH) {
                List<String> uris = active.subList(from, Math.min(from + GraphSync.BATCH, active.size()));
                Map<String, ResourceState> states = store.resources(id, uris);
                List<GraphReplacement> batch = new ArrayList<>(uris.size());
                Instant now = Instant.now();
                for (String uri : uris) {
                    ResourceState s = states.get(uri);
                    Graph g = s == null ? null : pages.rebuild(s);
                    if (g == null) {
                        without++;
                    } else {
                        batch.add(new GraphReplacement(uri, g, s.sourceTimestamp(), now));
                    }
                }
                if (!batch.isEmpty()) {
                    rdf.replaceGraphs(batch);
                    written += batch.size();
                }
                done += uris.size();
                progress.progress(done, total);
            }
            for (String uri : deleted) {
                if (rdf.graphInfo(uri).isPresent() && rdf.removeGraph(uri)) {
                    removed++;
                }
            }
        }
        return new GraphRebuildReport(sourceIds.size(), written, without, removed);
    }
}
