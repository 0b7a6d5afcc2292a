package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.sitemap.RootKind;
import org.lexsync.core.sitemap.RsLink;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.sitemap.SitemapHeader;
import org.lexsync.core.sitemap.SitemapWriter;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.store.NoSuchBlobException;

/**
 * Writes one ResourceSync dump package (§11.1, §13.1): a ZIP of bitstreams ({@code r/1}, {@code r/2}, … — paths in the
 * manifest with a leading {@code /}) and {@code manifest.xml} (§11.2, §13.2) naming each with its hash and length.
 * Built once through a temp file and an atomic rename, so a package on disk is complete; every entry dated
 * 1980-01-01 so the same rows make the same bytes. A bitstream the store no longer holds (collected away) is listed
 * without a {@code path}, so a destination takes it from {@code loc}. A copy of the manifest is kept beside the
 * package ({@code .manifest.xml}) for the {@code contents} link.
 */
final class DumpPackage implements AutoCloseable {
    static final String MANIFEST = "manifest.xml";
    private static final LocalDateTime ZIP_TIME = LocalDateTime.of(1980, 1, 1, 0, 0);

    private final Path target;
    private final Path tmp;
    private final Path manifestTmp;
    private final ZipOutputStream zip;
    private final OutputStream manifestOut;
    private final SitemapWriter manifest;
    private final ResourceSyncSource rs;
    private final BlobDocuments blobs;
    private long bytes;
    private int n;

    DumpPackage(Path target, RsMetadata md, List<RsLink> links, ResourceSyncSource rs, BlobDocuments blobs)
            throws IOException {
        this.target = target;
        this.rs = rs;
        this.blobs = blobs;
        Files.createDirectories(target.getParent());
        this.tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        this.manifestTmp = target.resolveSibling("." + target.getFileName() + ".manifest.tmp");
        this.zip = new ZipOutputStream(new java.io.BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16));
        this.manifestOut = new java.io.BufferedOutputStream(Files.newOutputStream(manifestTmp), 1 << 16);
        this.manifest = SitemapWriter.open(manifestOut, SitemapHeader.of(RootKind.URLSET, md, links));
    }

    /** Bytes of bitstreams written so far. */
    long bytes() {
        return bytes;
    }

    long entries() {
        return n;
    }

    /** Adds one row: its primary file as a bitstream (none for a deletion) and its manifest entry. */
    void add(JournalVersion v, @Nullable ChangeKind change) throws IOException {
        RepresentationState file = primary(v.representations());
        String path = null;
        if (file != null && change != ChangeKind.DELETED) {
            String name = "r/" + (++n);
            try (InputStream in = blobs.openWithoutCaching(new BlobKey(file.sha256()))) {
                ZipEntry e = new ZipEntry(name);
                e.setTimeLocal(ZIP_TIME);
                zip.putNextEntry(e);
                bytes += in.transferTo(zip);
                zip.closeEntry();
                path = "/" + name;
            } catch (NoSuchBlobException gone) {
                n--;
            }
        }
        manifest.write(rs.entry(v, change, path));
    }

    /** Ends the manifest, adds it to the package and moves both into place. */
    @Override
    public void close() throws IOException {
        manifest.close();
        manifestOut.close();
        ZipEntry m = new ZipEntry(MANIFEST);
        m.setTimeLocal(ZIP_TIME);
        zip.putNextEntry(m);
        Files.copy(manifestTmp, zip);
        zip.closeEntry();
        zip.close();
        Path manifestCopy = target.resolveSibling(target.getFileName().toString().replace(".zip", ".manifest.xml"));
        Files.move(manifestTmp, manifestCopy, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static @Nullable RepresentationState primary(List<RepresentationState> reps) {
        for (RepresentationState r : reps) {
            if (r.role() == RepresentationRole.PRIMARY) {
                return r;
            }
        }
        return reps.isEmpty() ? null : reps.get(0);
    }
}
