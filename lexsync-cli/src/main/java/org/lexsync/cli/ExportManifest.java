package org.lexsync.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON-lines manifest of an export ({@value ExportPaths#MANIFEST}): one line per exported document with
 * source, uri, path, md5, sha256, length and type. Read back by the next export to write only what changed.
 */
final class ExportManifest {
    private static final JsonFactory FACTORY = new JsonFactory();

    /** One exported document. */
    record Line(String source, String uri, String path, String md5, String sha256, long length, String type) {
    }

    private ExportManifest() {
    }

    /** The previous export's lines by path; empty when there is none. A damaged line is skipped. */
    static Map<String, Line> read(Path file) throws IOException {
        Map<String, Line> out = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String text;
            while ((text = r.readLine()) != null) {
                Line line = parse(text);
                if (line != null && line.path() != null && line.sha256() != null) {
                    out.put(line.path(), line);
                }
            }
        }
        return out;
    }

    private static Line parse(String text) {
        Map<String, Object> f = new LinkedHashMap<>();
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (t == JsonToken.VALUE_NUMBER_INT) {
                    f.put(name, p.getLongValue());
                } else if (t == JsonToken.VALUE_STRING) {
                    f.put(name, p.getText());
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new Line((String) f.get("source"), (String) f.get("uri"), (String) f.get("path"), (String) f.get("md5"),
                (String) f.get("sha256"), f.get("length") instanceof Long n ? n : -1, (String) f.get("type"));
    }

    /** Replaces the manifest in one move, so a reader never sees half of it. */
    static void write(Path file, Collection<Line> lines) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".part");
        try (Writer w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            PrintWriter out = new PrintWriter(w);
            JsonLines json = new JsonLines(out);
            for (Line l : lines) {
                json.object(g -> {
                    JsonLines.field(g, "source", l.source());
                    JsonLines.field(g, "uri", l.uri());
                    JsonLines.field(g, "path", l.path());
                    JsonLines.field(g, "md5", l.md5());
                    JsonLines.field(g, "sha256", l.sha256());
                    JsonLines.field(g, "length", l.length());
                    JsonLines.field(g, "type", l.type());
                });
            }
            json.close();
            if (out.checkError()) {
                Files.deleteIfExists(temp);
                throw new IOException("could not write " + temp);
            }
        }
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
