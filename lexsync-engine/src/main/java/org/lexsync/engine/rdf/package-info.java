/**
 * ELI metadata as RDF (ELI Pillar IV annex §4.1 step 2c, §4.2; docs/architecture.md, "Core model": RDF).
 * {@link org.lexsync.engine.rdf.PageMetadataExtractor} turns a Pillar III page (RDFa 1.1 and JSON-LD) into an
 * {@link org.lexsync.engine.rdf.ExtractedMetadata} graph with findings, never touching the network;
 * {@link org.lexsync.engine.rdf.EliConformance} checks it against §3.2.2;
 * {@link org.lexsync.engine.rdf.FullTextSelector} picks the full texts to download (§4.2); and
 * {@link org.lexsync.engine.rdf.RdfStore} keeps one TDB2 named graph per legal resource with its lastmod and
 * harvest time, and answers SPARQL. The RDFa bridge, the JSON-LD reader and the bundled contexts are
 * package-private.
 */
package org.lexsync.engine.rdf;
