package org.lexsync.engine.rdf;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.TDB2;
import org.apache.jena.tdb2.sys.TDBInternal;

/**
 * A real remote SPARQL store for tests: an embedded Fuseki on loopback serving the dataset {@code /lexsync} (query,
 * update and Graph Store Protocol on the dataset's URL) from a TDB2 database in a test's directory, with the union of
 * the named graphs as its default graph, as LexSync's own TDB2. It can be stopped and started again on the same port
 * (a store that went down and came back) and told to answer every request with an error status.
 */
public final class LocalFuseki implements AutoCloseable {
    /** The dataset's name. */
    public static final String DATASET = "/lexsync";

    private final DatasetGraph dataset;
    private volatile int failWith;
    private volatile long stallMillis;
    private FusekiServer server;
    private int port;

    private LocalFuseki(Path directory) {
        dataset = DatabaseMgr.connectDatasetGraph(directory.toString());
        dataset.getContext().set(TDB2.symUnionDefaultGraph, true);
    }

    /** Starts a Fuseki over a TDB2 database in {@code directory} on a free loopback port. */
    public static LocalFuseki start(Path directory) {
        LocalFuseki fuseki = new LocalFuseki(directory);
        fuseki.startServer(0);
        return fuseki;
    }

    private void startServer(int onPort) {
        Filter faults = new Filter() {
            @Override
            public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
                    throws IOException, ServletException {
                long stall = stallMillis;
                if (stall > 0) {
                    try {
                        Thread.sleep(stall);   // the store takes the request and answers late (a slow store)
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                int status = failWith;
                if (status > 0) {
                    ((HttpServletResponse) res).sendError(status, "injected fault");
                    return;
                }
                chain.doFilter(req, res);
            }
        };
        server = FusekiServer.create().loopback(true).port(onPort).add(DATASET, dataset, true)
                .addFilter("/*", faults).build().start();
        port = server.getHttpPort();
    }

    /** The dataset's URL, the endpoint LexSync is given. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port + DATASET);
    }

    /** Answers every request with {@code status} from now on (0: serve again). */
    public void failWith(int status) {
        failWith = status;
    }

    /** Holds every request for {@code delay} before serving it (zero: serve at once again). */
    public void stall(java.time.Duration delay) {
        stallMillis = delay.toMillis();
    }

    /** Stops the server (the store is down); {@link #restart} brings it back on the same port with the same data. */
    public void stop() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** Starts the server again on its former port. */
    public void restart() {
        stop();
        startServer(port);
    }

    @Override
    public void close() {
        stop();
        TDBInternal.expel(dataset);
    }
}
