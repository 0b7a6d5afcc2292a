package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PublishedDocument;

/**
 * The ResourceSync dumps (§11 Resource Dump, §13 Change Dump) for the server: the same packages the static export
 * writes ({@link DumpExport}), built once into a directory of the data directory and kept, then served from there.
 * The first request after the journal moved builds what is missing (a Resource Dump snapshot at the new last
 * sequence number, the Change Dump packages of newly closed Change List parts); packages never change, so they are
 * served immutable. Requests are serialised: two never build the same package at once.
 */
final class DumpDocuments implements DocumentFamily {
    private final Path dir;
    private final ResourceSyncSource rs;
    private final BlobDocuments blobs;
    private long builtAt = -1;
    private Map<String, byte[]> documents = Map.of();

    DumpDocuments(Path dir, ResourceSyncSource rs, BlobDocuments blobs) {
        this.dir = dir;
        this.rs = rs;
        this.blobs = blobs;
    }

    /** True when {@code path} names a dump document or package of one of the capability sets. */
    @Override
    public boolean owns(String path) {
        for (String set : rs.setPrefixes()) {
            if (path.startsWith(set)) {
                String rest = path.substring(set.length());
                return rest.equals("resourcedump.xml") || rest.equals("changedump.xml")
                        || rest.startsWith("resourcedump/") || rest.startsWith("changedump/");
            }
        }
        return false;
    }

    /**
     * The dump packages and their documents, written into the export directory after every other document is (a
     * package holds files the other families wrote).
     */
    @Override
    public void export(Exporter export) throws IOException {
        export.settle();
        Map<String, byte[]> documents = new LinkedHashMap<>();
        export.countWritten(new DumpExport(export.dir(), rs, blobs).run(documents));
        for (Map.Entry<String, byte[]> d : documents.entrySet()) {
            export.writeIfChanged(d.getKey(), d.getValue());
        }
    }

    @Override
    public synchronized Optional<PublishedDocument> document(String path) {
        long last = rs.journal().lastSeq();
        if (last != builtAt) {
            Map<String, byte[]> docs = new LinkedHashMap<>();
            try {
                new DumpExport(dir, rs, blobs).run(docs);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot build the ResourceSync dumps in " + dir, e);
            }
            documents = docs;
            builtAt = last;
        }
        Instant newest = rs.newest(null);
        byte[] listing = documents.get(path);
        if (listing != null) {
            return Optional.of(new PublishedDocument(path, "application/xml", Etags.of("dump-listing", path,
                    Long.toString(last), Etags.of(new String(listing, java.nio.charset.StandardCharsets.UTF_8))),
                    newest, false, out -> out.write(listing)));
        }
        if (path.contains("..") || path.contains("\\")) {
            return Optional.empty();
        }
        Path file = dir.resolve(path).normalize();
        if (!file.startsWith(dir) || !Files.isRegularFile(file) || !(path.endsWith(".zip") || path.endsWith(".xml"))) {
            return Optional.empty();
        }
        try {
            long size = Files.size(file);
            Instant modified = Files.getLastModifiedTime(file).toInstant();
            String type = path.endsWith(".zip") ? "application/zip" : "application/xml";
            return Optional.of(new PublishedDocument(path, type, Etags.of("dump-file", path, Long.toString(size)),
                    modified, true, new FileBody(file)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Where the packages are kept: beside the store, never inside a static export. */
    static Path directoryIn(@Nullable Path dataDir) {
        Path base = dataDir != null ? dataDir : Path.of(System.getProperty("java.io.tmpdir"));
        return base.resolve("publish-dumps").toAbsolutePath().normalize();
    }
}
