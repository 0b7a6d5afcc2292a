package org.lexsync.engine.rdf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.atlas.lib.tuple.Tuple;
import org.apache.jena.atlas.lib.tuple.TupleFactory;
import org.apache.jena.atlas.lib.tuple.TupleMap;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.tdb2.store.NodeId;
import org.apache.jena.tdb2.store.nodetable.NodeTable;
import org.apache.jena.tdb2.store.nodetupletable.NodeTupleTable;
import org.apache.jena.tdb2.store.tupletable.TupleIndex;
import org.apache.jena.tdb2.sys.TDBInternal;

/**
 * Adds many quads of named graphs to a TDB2 dataset inside its current write transaction, cheaper than one
 * {@code DatasetGraph.add} each: every distinct node is looked up (or allocated) in the node table once, and
 * each quad index receives the rows sorted in its own key order, so consecutive B+tree inserts follow one
 * path instead of jumping across the tree. The quads must not be in the store yet, and none may be in the
 * default graph (the caller checks both).
 */
final class QuadBulkAdd {
    private QuadBulkAdd() {
    }

    /** Adds {@code quads}; call inside a write transaction of {@code dsg}. */
    static void addAll(DatasetGraph dsg, List<Quad> quads) {
        if (quads.isEmpty()) {
            return;
        }
        NodeTupleTable table = TDBInternal.getDatasetGraphTDB(dsg).getQuadTable().getNodeTupleTable();
        NodeTable nodes = table.getNodeTable();
        Map<Node, NodeId> ids = new HashMap<>();
        List<Tuple<NodeId>> rows = new ArrayList<>(quads.size());
        for (Quad q : quads) {
            rows.add(TupleFactory.create4(id(nodes, ids, q.getGraph()), id(nodes, ids, q.getSubject()),
                    id(nodes, ids, q.getPredicate()), id(nodes, ids, q.getObject())));
        }
        for (TupleIndex index : table.getTupleTable().getIndexes()) {
            rows.sort(order(index.getMapping()));
            index.addAll(rows);
        }
    }

    private static NodeId id(NodeTable nodes, Map<Node, NodeId> ids, Node node) {
        return ids.computeIfAbsent(node, nodes::getAllocateNodeId);
    }

    /** The rows in the order of the index's key (its slots, in its own order). */
    private static Comparator<Tuple<NodeId>> order(TupleMap mapping) {
        return (a, b) -> {
            for (int slot = 0; slot < a.len(); slot++) {
                int c = NodeId.compare(mapping.mapSlot(slot, a), mapping.mapSlot(slot, b));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }
}
