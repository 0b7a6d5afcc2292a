package org.lexsync.bench.cluster;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.lexsync.bench.objectstore.S3ProxyLauncher;
import org.lexsync.fixture.demo.DemoPublisher;

/**
 * What a LexSync cluster shares, started on loopback for the cluster demo ({@code scripts/cluster-demo.sh}) and the
 * issue-32 harnesses: a new database on the local PostgreSQL, S3Proxy (an S3-compatible store), Fuseki (a SPARQL
 * store) and the demo's sample publishers, one per port (so that each is a host of its own, with its own politeness).
 * {@link #environment()} is what a node process needs to reach them; {@link #close()} stops them and drops the database.
 */
public final class ClusterServices implements AutoCloseable {
    /** The PostgreSQL server the database is made on (trust authentication, as the tests use it). */
    public static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
    /** The PostgreSQL user. */
    public static final String USER = "postgres";
    /** The variables the {@code store:} section names for the object store's credentials. */
    public static final String ACCESS_KEY_ENV = "LEXSYNC_S3_ACCESS_KEY";
    /** See {@link #ACCESS_KEY_ENV}. */
    public static final String SECRET_KEY_ENV = "LEXSYNC_S3_SECRET_KEY";

    private final String database;
    private final S3ProxyLauncher s3;
    private final FusekiLauncher fuseki;
    private final List<DemoPublisher> publishers;

    private ClusterServices(String database, S3ProxyLauncher s3, FusekiLauncher fuseki, List<DemoPublisher> publishers) {
        this.database = database;
        this.s3 = s3;
        this.fuseki = fuseki;
        this.publishers = publishers;
    }

    /**
     * Creates database {@code lexsync_cluster_<random>} and starts the object store and the SPARQL store under
     * {@code dir} and {@code publishers} sample publishers of {@code resources} documents each.
     *
     * @throws SQLException when PostgreSQL at {@value #SERVER} cannot be reached as {@value #USER}
     */
    public static ClusterServices start(Path dir, int publishers, int resources) throws Exception {
        String name = "lexsync_cluster_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(SERVER + "postgres", USER, null);
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        S3ProxyLauncher s3 = null;
        FusekiLauncher fuseki = null;
        List<DemoPublisher> started = new ArrayList<>();
        try {
            s3 = S3ProxyLauncher.start(dir.resolve("s3"));
            fuseki = FusekiLauncher.start(dir.resolve("fuseki"));
            for (int i = 0; i < publishers; i++) {
                started.add(DemoPublisher.start(resources));
            }
            return new ClusterServices(name, s3, fuseki, started);
        } catch (Exception | Error e) {
            started.forEach(DemoPublisher::close);
            if (fuseki != null) {
                fuseki.close();
            }
            if (s3 != null) {
                s3.close();
            }
            drop(name);
            throw e;
        }
    }

    /** The JDBC URL of the cluster's database. */
    public String jdbcUrl() {
        return SERVER + database;
    }

    /** The database's name. */
    public String database() {
        return database;
    }

    /** The publishers' base URLs, in start order. */
    public List<URI> publishers() {
        return publishers.stream().map(DemoPublisher::baseUri).toList();
    }

    /** The sample publishers themselves. */
    public List<DemoPublisher> demoPublishers() {
        return publishers;
    }

    /** Where the blobs go: {@code s3://<bucket>/<prefix>}. */
    public String blobs(String prefix) {
        return "s3://" + s3.bucket() + "/" + prefix;
    }

    /** The object store's endpoint. */
    public URI s3Endpoint() {
        return s3.endpoint();
    }

    /** The SPARQL store's dataset URL. */
    public URI rdfEndpoint() {
        return fuseki.endpoint();
    }

    /**
     * The variables a node process reads: the database user and the object store's credentials (under the names the
     * {@code store:} section gives), plus the addresses of everything, for a script to write its configuration.
     */
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("LEXSYNC_DB_USER", USER);
        String[] names = S3ProxyLauncher.credentialVariables();
        env.put(ACCESS_KEY_ENV, s3.credentials().get(names[0]));
        env.put(SECRET_KEY_ENV, s3.credentials().get(names[1]));
        env.put("CLUSTER_JDBC_URL", jdbcUrl());
        env.put("CLUSTER_DATABASE", database);
        env.put("CLUSTER_BLOBS", blobs("demo"));
        env.put("CLUSTER_S3_ENDPOINT", s3Endpoint().toString());
        env.put("CLUSTER_RDF_ENDPOINT", rdfEndpoint().toString());
        List<URI> uris = publishers();
        env.put("CLUSTER_PUBLISHERS", String.valueOf(uris.size()));
        for (int i = 0; i < uris.size(); i++) {
            env.put(String.format(Locale.ROOT, "CLUSTER_PUBLISHER_%d", i + 1), uris.get(i).toString());
        }
        return env;
    }

    @Override
    public void close() throws Exception {
        publishers.forEach(DemoPublisher::close);
        fuseki.close();
        s3.close();
        drop(database);
    }

    private static void drop(String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(SERVER + "postgres", USER, null);
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }
}
