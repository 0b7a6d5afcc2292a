/**
 * The LexSync engine (docs/architecture.md, "The engine as a library"): the facade {@code org.lexsync.engine.LexSync}
 * with its views and helpers, the value types of {@code engine.model}, and the two extension points — the harvester
 * SPI ({@code engine.harvest}) and the portal crawler SPI ({@code engine.crawler}). Every other package (fetcher,
 * store, applier, protocol clients, publisher, RDF, config) is internal, and the compiler says so.
 *
 * <p>semargl (RDFa) is not required here: its three jars share the packages {@code org.semarglproject.vocab} and
 * {@code org.semarglproject.rdf}, which no module graph allows, so they stay on the class path and this module is
 * compiled with {@code --add-reads org.lexsync.engine=ALL-UNNAMED} (lexsync-engine/pom.xml; docs/architecture.md,
 * "Modules and what they export"). A program that puts the engine on the module path passes the same option.
 */
module org.lexsync.engine {
    requires transitive org.lexsync.core;
    requires transitive java.sql;
    requires static org.jspecify;
    requires java.net.http;
    requires org.slf4j;

    requires com.zaxxer.hikari;
    requires flyway.core;
    requires org.postgresql.jdbc;
    requires org.xerial.sqlitejdbc;

    requires crawler.commons;
    requires org.jsoup;
    requires transitive org.snakeyaml.engine.v2; // harvest.ProtocolBlock hands a harvester its YAML node

    requires org.apache.jena.base;
    requires org.apache.jena.core;
    requires org.apache.jena.arq;
    requires org.apache.jena.tdb2;
    requires org.apache.jena.dboe.base;
    requires org.apache.jena.dboe.storage;
    requires org.apache.jena.dboe.transaction;
    requires org.apache.jena.shacl;
    requires titanium.json.ld;
    requires jakarta.json;

    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.core;
    requires software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.regions;
    requires software.amazon.awssdk.services.s3;
    requires software.amazon.awssdk.http.urlconnection;

    exports org.lexsync.engine;
    exports org.lexsync.engine.model;
    exports org.lexsync.engine.harvest;
    exports org.lexsync.engine.crawler;

    uses org.lexsync.engine.harvest.Harvester;
    provides org.lexsync.engine.harvest.Harvester with
            org.lexsync.engine.atom.AtomHarvester,
            org.lexsync.engine.eli.EliHarvester,
            org.lexsync.engine.resourcesync.ResourceSyncHarvester,
            org.lexsync.engine.crawler.CrawlerHarvester;
}
