package org.lexsync.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/**
 * Writes one JSON object per line (the {@code jsonl} output of the store commands), buffered: lines reach the
 * stream when the buffer fills and at {@link #close()}.
 */
final class JsonLines implements AutoCloseable {
    private static final JsonFactory FACTORY = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /** Fills one JSON object. */
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private final PrintWriter out;
    private final JsonGenerator generator;

    JsonLines(PrintWriter out) {
        this.out = out;
        try {
            this.generator = FACTORY.createGenerator(out);
            generator.setRootValueSeparator(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void object(Body body) {
        try {
            generator.writeStartObject();
            body.write(generator);
            generator.writeEndObject();
            // No flush per line: with 20,000 lines a write (and a flush of the PrintWriter) per object was
            // a large part of 'lexsync resources'; the buffers go out when full and at close.
            generator.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a string field, or null when the value is null. */
    static void field(JsonGenerator g, String name, Object value) throws IOException {
        if (value == null) {
            g.writeNullField(name);
        } else if (value instanceof Number n) {
            g.writeNumberField(name, n.longValue());
        } else {
            g.writeStringField(name, value.toString());
        }
    }

    @Override
    public void close() {
        try {
            generator.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }
}
