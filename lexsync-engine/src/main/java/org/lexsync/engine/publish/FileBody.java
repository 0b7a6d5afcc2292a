package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.lexsync.engine.model.PublishedDocument;

/**
 * A published document's bytes that are a file of ours (a dump package): streamed, or handed over as the file so
 * that a server answers a HEAD or a range of a large package without reading it through.
 */
record FileBody(Path file) implements PublishedDocument.Body {
    @Override
    public void writeTo(OutputStream out) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            in.transferTo(out);
        }
    }

    @Override
    public FileChannel openFile() throws IOException {
        return FileChannel.open(file, StandardOpenOption.READ);
    }
}
