package org.lexsync.engine.publish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.FileHashes;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.sitemap.RootKind;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapEntry;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapWriter;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.PublishSettings;

/**
 * The dumps of the static export (ResourceSync §11 Resource Dump, §13 Change Dump): per capability set, a Resource
 * Dump of the current state at the journal's last sequence number ({@code resourcedump/{seq}/{n}.zip}, packages of
 * at most {@code dumpPackageBytes} of bitstreams and {@code listSize} entries), and one Change Dump package per
 * closed Change List part ({@code changedump/{day}/{part}.zip}, the same rows). Packages are built once and kept;
 * {@code resourcedump.xml} and {@code changedump.xml} list those on disk with their length and hashes.
 */
final class DumpExport {
    private static final String ZIP = "application/zip";

    private final Path dir;
    private final ResourceSyncSource rs;
    private final BlobDocuments blobs;
    private final PublishSettings settings;
    private long written;

    DumpExport(Path dir, ResourceSyncSource rs, BlobDocuments blobs) {
        this.dir = dir;
        this.rs = rs;
        this.blobs = blobs;
        this.settings = rs.settings();
    }

    /** Builds what is missing and returns the files written. Documents listing the dumps go to {@code documents}. */
    long run(Map<String, byte[]> documents) throws IOException {
        long lastSeq = rs.journal().lastSeq();
        for (String set : rs.setPrefixes()) {
            @Nullable String scope = rs.scopeOf(set);
            documents.put(set + "resourcedump.xml", resourceDump(set, scope, lastSeq));
            documents.put(set + "changedump.xml", changeDump(set, scope));
        }
        return written;
    }

    private byte[] resourceDump(String set, @Nullable String scope, long lastSeq) throws IOException {
        String snapshot = set + "resourcedump/" + lastSeq + "/";
        Path complete = dir.resolve(snapshot + ".complete");
        if (!Files.exists(complete)) {
            buildSnapshot(snapshot, scope);
            Files.createDirectories(complete.getParent());
            Files.writeString(complete, "complete\n");
        }
        Instant at = rs.newest(scope);
        RsMetadata md = RsMetadata.builder().capability(Capability.RESOURCEDUMP).at(W3cDateTime.of(at))
                .completed(W3cDateTime.of(at)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET, md,
                List.of(RsLink.of("up", settings.url(set + "capabilitylist.xml")))))) {
            for (int n = 1; Files.exists(dir.resolve(snapshot + n + ".zip")); n++) {
                w.write(packageEntry(snapshot + n + ".zip", RsMetadata.builder().at(W3cDateTime.of(at))));
            }
        }
        return out.toByteArray();
    }

    private void buildSnapshot(String snapshot, @Nullable String scope) throws IOException {
        Instant at = rs.newest(scope);
        RsMetadata md = RsMetadata.builder().capability(Capability.RESOURCEDUMP_MANIFEST).at(W3cDateTime.of(at))
                .completed(W3cDateTime.of(at)).build();
        List<RsLink> up = List.of(RsLink.of("up", settings.url(snapshot.substring(0,
                snapshot.indexOf("resourcedump/")) + "capabilitylist.xml")));
        DumpPackage[] current = {null};
        int[] n = {0};
        IOException[] failure = {null};
        rs.journal().forEachCurrentVersion(scope, 0, 0, v -> {
            if (failure[0] != null) {
                return;
            }
            try {
                if (current[0] == null) {
                    current[0] = new DumpPackage(dir.resolve(snapshot + (++n[0]) + ".zip"), md, up, rs, blobs);
                }
                current[0].add(v, null);
                if (current[0].bytes() >= settings.dumpPackageBytes()
                        || current[0].entries() >= settings.listSize()) {
                    current[0].close();
                    written++;
                    current[0] = null;
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        if (current[0] != null) {
            current[0].close();
            written++;
        }
    }

    private byte[] changeDump(String set, @Nullable String scope) throws IOException {
        List<ResourceSyncSource.ChangePart> parts = rs.changeParts(scope);
        List<SitemapEntry> entries = new ArrayList<>();
        for (ResourceSyncSource.ChangePart p : parts) {
            if (!p.closed()) {
                continue;
            }
            String path = set + "changedump/" + p.day() + "/" + p.part() + ".zip";
            if (!Files.exists(dir.resolve(path))) {
                buildChangePackage(set, scope, p, path);
            }
            RsMetadata part = rs.partMd(p);
            entries.add(packageEntry(path, RsMetadata.builder().from(part.from()).until(part.until())));
        }
        Instant from = parts.isEmpty() ? Instant.EPOCH : java.time.LocalDate.parse(parts.get(0).day())
                .atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
        RsMetadata md = RsMetadata.builder().capability(Capability.CHANGEDUMP).from(W3cDateTime.of(from)).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET, md,
                List.of(RsLink.of("up", settings.url(set + "capabilitylist.xml")))))) {
            entries.forEach(w::write);
        }
        return out.toByteArray();
    }

    private void buildChangePackage(String set, @Nullable String scope, ResourceSyncSource.ChangePart p, String path)
            throws IOException {
        RsMetadata md = rs.partMd(p).toBuilder().capability(Capability.CHANGEDUMP_MANIFEST).build();
        List<RsLink> up = List.of(RsLink.of("up", settings.url(set + "capabilitylist.xml")));
        try (DumpPackage pkg = new DumpPackage(dir.resolve(path), md, up, rs, blobs)) {
            IOException[] failure = {null};
            rs.partRows(scope, p, v -> {
                        if (failure[0] == null) {
                            try {
                                pkg.add(v, v.entry().kind());
                            } catch (IOException e) {
                                failure[0] = e;
                            }
                        }
                    });
            if (failure[0] != null) {
                throw failure[0];
            }
        }
        written++;
    }

    /** The entry of one package: its URL, type, length and hashes, and a {@code contents} link to its manifest. */
    private SitemapEntry packageEntry(String path, RsMetadata.Builder md) {
        Path file = dir.resolve(path);
        try {
            Map<HashAlgorithm, String> h = FileHashes.hex(file, HashAlgorithm.MD5, HashAlgorithm.SHA_256);
            md.type(ZIP).length(Files.size(file)).hash(Digests.parse("md5:" + h.get(HashAlgorithm.MD5) + " sha-256:"
                    + h.get(HashAlgorithm.SHA_256)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return SitemapEntry.of(settings.url(path)).withMd(md.build()).withLinks(List.of(RsLink.of("contents",
                settings.url(path.replace(".zip", ".manifest.xml"))).withType("application/xml")));
    }

}
