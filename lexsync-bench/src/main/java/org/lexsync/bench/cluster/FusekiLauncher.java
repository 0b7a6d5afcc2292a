package org.lexsync.bench.cluster;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.TDB2;
import org.apache.jena.tdb2.sys.TDBInternal;

/**
 * The SPARQL store of the cluster demo and the issue-32 figures: an embedded Fuseki on a free loopback port serving one
 * dataset ({@value #DATASET}: query, update and the Graph Store Protocol) from a TDB2 database in a directory of the
 * caller's, with the union of the named graphs as its default graph, as a node's own TDB2 has.
 */
public final class FusekiLauncher implements AutoCloseable {
    /** The dataset's path. */
    public static final String DATASET = "/lexsync";

    private final DatasetGraph dataset;
    private final FusekiServer server;

    private FusekiLauncher(DatasetGraph dataset, FusekiServer server) {
        this.dataset = dataset;
        this.server = server;
    }

    /** Starts Fuseki over a TDB2 database in {@code directory} (created when missing). */
    public static FusekiLauncher start(Path directory) throws java.io.IOException {
        Files.createDirectories(directory);
        DatasetGraph dataset = DatabaseMgr.connectDatasetGraph(directory.toString());
        dataset.getContext().set(TDB2.symUnionDefaultGraph, true);
        FusekiServer server = FusekiServer.create().loopback(true).port(0).add(DATASET, dataset, true).build().start();
        return new FusekiLauncher(dataset, server);
    }

    /** The dataset's URL, the endpoint the nodes are given. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getHttpPort() + DATASET);
    }

    @Override
    public void close() {
        server.stop();
        TDBInternal.expel(dataset);
    }
}
