package org.lexsync.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.SparqlQueryException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lexsync sparql 'QUERY'}: runs SPARQL over the store's RDF (one named graph per legal resource, the
 * union of all of them as the default graph), e.g. to read the ELI metadata harvested by {@code sync eli}.
 */
@Command(name = "sparql", mixinStandardHelpOptions = true,
        description = "Runs a SPARQL query over the store's RDF named graphs (graph name = the ELI; the default"
                + " graph is their union).")
final class SparqlCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Parameters(index = "0", paramLabel = "QUERY", description = "A SELECT, ASK, CONSTRUCT or DESCRIBE query.")
    String query;

    @Option(names = "--format", paramLabel = "table|json|csv", defaultValue = "table",
            description = "Output format (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() {
        ResultFormat resultFormat;
        try {
            resultFormat = ResultFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException("--format must be table, json or csv, was " + format);
        }
        PrintWriter out = spec.commandLine().getOut();
        // a store without RDF (no ELI source) answers from an empty graph, and a read-only one from a temporary
        // copy of its RDF; nothing is created in the store
        try (LexSync lexsync = storeOptions.openExisting();
             Utf8ToWriter stream = new Utf8ToWriter(out)) {
            lexsync.sparql(query, resultFormat, stream);
        } catch (SparqlQueryException e) {
            throw new Main.UsageException(e.getMessage());
        }
        out.flush();
        return 0;
    }

    /** Passes UTF-8 bytes on to a writer as they come, so that a large answer is printed while it streams. */
    private static final class Utf8ToWriter extends OutputStream {
        private final PrintWriter writer;
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
        private final ByteBuffer in = ByteBuffer.allocate(8192);
        private final CharBuffer chars = CharBuffer.allocate(8192);

        Utf8ToWriter(PrintWriter writer) {
            this.writer = writer;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                int n = Math.min(len, in.remaining());
                in.put(b, off, n);
                off += n;
                len -= n;
                drain(false);
            }
        }

        private void drain(boolean end) {
            in.flip();
            while (true) {
                CoderResult r = decoder.decode(in, chars, end);
                chars.flip();
                writer.append(chars);
                chars.clear();
                if (!r.isOverflow()) {
                    break;
                }
            }
            in.compact();
        }

        @Override
        public void flush() {
            writer.flush();
        }

        @Override
        public void close() {
            drain(true);
            writer.flush();
        }
    }
}
