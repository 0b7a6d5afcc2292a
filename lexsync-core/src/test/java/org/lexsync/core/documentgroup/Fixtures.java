package org.lexsync.core.documentgroup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** The fixture files under src/test/resources/org/lexsync/core/documentgroup/. */
final class Fixtures {
    private Fixtures() {
    }

    static Path path(String name) {
        URL url = Fixtures.class.getResource(name);
        if (url == null) {
            throw new IllegalArgumentException("no fixture " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(String name) {
        try {
            return Files.readAllBytes(path(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static InputStream open(String name) {
        try {
            return Files.newInputStream(path(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ReadResult read(String name) {
        return DocumentGroupReader.read(open(name), name);
    }
}
