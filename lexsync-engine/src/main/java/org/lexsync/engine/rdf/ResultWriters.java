package org.lexsync.engine.rdf;

import org.lexsync.engine.model.ResultFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.out.NodeFmtLib;

/** Prints SPARQL answers in the {@link ResultFormat}s (the Jena writers, plus CSV for triples). */
final class ResultWriters {
    private ResultWriters() {
    }

    static void select(ResultSet results, ResultFormat format, OutputStream out) {
        switch (format) {
            case TABLE -> ResultSetFormatter.out(out, results);
            case JSON -> ResultSetFormatter.outputAsJSON(out, results);
            case CSV -> ResultSetFormatter.outputAsCSV(out, results);
        }
        flush(out);
    }

    static void ask(boolean value, ResultFormat format, OutputStream out) {
        switch (format) {
            case TABLE -> write(out, value ? "true\n" : "false\n");
            case JSON -> ResultSetFormatter.outputAsJSON(out, value);
            case CSV -> ResultSetFormatter.outputAsCSV(out, value);
        }
        flush(out);
    }

    static void graph(Graph graph, ResultFormat format, OutputStream out) {
        switch (format) {
            case TABLE -> RDFDataMgr.write(out, graph, RDFFormat.TURTLE_PRETTY);
            case JSON -> RDFDataMgr.write(out, graph, RDFFormat.JSONLD11_PRETTY);
            case CSV -> triplesCsv(graph.find(), out);
        }
        flush(out);
    }

    /** RFC 4180 CSV: IRIs and literal lexical forms as SPARQL CSV writes them, blank nodes as {@code _:label}. */
    static void triplesCsv(Iterator<Triple> triples, OutputStream out) {
        try {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            w.write("subject,predicate,object\r\n");
            while (triples.hasNext()) {
                Triple t = triples.next();
                w.write(cell(t.getSubject()));
                w.write(',');
                w.write(cell(t.getPredicate()));
                w.write(',');
                w.write(cell(t.getObject()));
                w.write("\r\n");
            }
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String cell(Node n) {
        String v;
        if (n.isURI()) {
            v = n.getURI();
        } else if (n.isLiteral()) {
            v = n.getLiteralLexicalForm();
        } else if (n.isBlank()) {
            v = "_:" + n.getBlankNodeLabel();
        } else {
            v = NodeFmtLib.strNT(n);
        }
        if (v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
            return '"' + v.replace("\"", "\"\"") + '"';
        }
        return v;
    }

    private static void write(OutputStream out, String text) {
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void flush(OutputStream out) {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
