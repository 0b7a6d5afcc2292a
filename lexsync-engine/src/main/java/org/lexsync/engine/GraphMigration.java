package org.lexsync.engine;

import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Graph;
import org.lexsync.engine.model.MigrationListener;
import org.lexsync.engine.model.StoreException;
import org.lexsync.engine.rdf.GraphInfo;
import org.lexsync.engine.rdf.GraphReplacement;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.MigrationProgress;

/**
 * Copies every ELI named graph of one graph store into another, for {@code lexsync store migrate --to-rdf} (issue 31):
 * each graph with what is recorded about it (lastmod, harvested), verified by counting its triples at the target;
 * only then recorded in {@link MigrationProgress}, so a killed run resumes with what is not verified.
 */
final class GraphMigration {
    private final RdfStore from;
    private final RdfStore to;
    private final String target;
    private final MigrationProgress progress;

    GraphMigration(RdfStore from, RdfStore to, String target, MigrationProgress progress) {
        this.from = from;
        this.to = to;
        this.target = target;
        this.progress = progress;
    }

    /** Copies the graphs not verified yet; returns {copied, already verified}. */
    int[] run(MigrationListener listener) {
        List<String> names = from.graphNames();
        Set<String> verified = progress.verified(target, MigrationProgress.GRAPH);
        int copied = 0;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            boolean copy = !verified.contains(name);
            if (copy) {
                copy(name);
                progress.markVerified(target, MigrationProgress.GRAPH, name);
                copied++;
            }
            listener.verified(MigrationProgress.GRAPH, name, copy, i + 1, names.size());
        }
        return new int[] {copied, names.size() - copied};
    }

    /** Removes from the old store the graphs verified at the target; returns how many. */
    int deleteOld() {
        Set<String> verified = progress.verified(target, MigrationProgress.GRAPH);
        int deleted = 0;
        for (String name : from.graphNames()) {
            if (verified.contains(name) && from.removeGraph(name)) {
                deleted++;
            }
        }
        return deleted;
    }

    private void copy(String name) {
        GraphInfo info = from.graphInfo(name).orElseThrow(() -> new StoreException("copy graph " + name,
                "its record vanished from the old graph store during the migration", null));
        Graph triples = from.graph(name);
        to.replaceGraphs(List.of(new GraphReplacement(name, triples, info.lastmod(), info.harvested())));
        long want = from.triples(name);
        long got = to.triples(name);
        if (want != got) {
            throw new StoreException("verify graph " + name + " at " + target, "it holds " + got + " triples, the"
                    + " old store " + want, null);
        }
    }
}
