package org.lexsync.engine.check;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.sitemap.RsMetadata;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.zip.ZipArchive;
import org.lexsync.core.zip.ZipArchiveEntry;
import org.lexsync.core.zip.ZipArchiveException;
import org.lexsync.core.zip.ZipEntryReader;
import org.lexsync.core.zip.ZipLimits;
import org.lexsync.engine.model.CheckExample;

/**
 * Checks one ZIP package of a Resource Dump or Change Dump (ResourceSync §11.1, §13.1), opened through the ZIP gate
 * the harvester uses: it must hold {@code /manifest.xml} (§11.2, §13.2), the manifest is validated like any
 * ResourceSync document, every {@code path} it names must be in the package, and each bitstream's bytes must match
 * the hash and length the manifest promises.
 */
final class DumpPackageCheck {
    static final String MANIFEST = "rs:11.2/manifest-in-package";
    static final String PATH = "rs:11.2/path-in-package";
    static final String PACKAGE = "rs:11.1/package-readable";
    private static final String MANIFEST_NAME = "manifest.xml";

    private DumpPackageCheck() {
    }

    static void announce(Tally tally) {
        tally.checked(MANIFEST, Severity.ERROR, "each dump package holds /manifest.xml (§11.2, §13.2)");
        tally.checked(PATH, Severity.ERROR, "each manifest path names a bitstream in the package (§11.2, §13.2)");
        tally.checked(PACKAGE, Severity.ERROR, "each dump package is a readable ZIP (§11.1, §13.1)");
    }

    /** One promise of the manifest. */
    private record Item(String path, RsMetadata md, String loc, int line, int column) {
    }

    static void check(CheckRun run, URI pkg, String referrer) {
        run.sampled++;
        Optional<CheckRun.Fetched> doc = run.document(pkg, referrer);
        if (doc.isEmpty()) {
            return;
        }
        String name = pkg.toString();
        try (CheckRun.Fetched f = doc.get();
             ZipArchive zip = ZipArchive.open(f.body(), name, ZipLimits.DEFAULT);
             ZipEntryReader reader = zip.reader()) {
            Map<String, ZipArchiveEntry> byName = new HashMap<>();
            for (ZipArchiveEntry e : zip.entries()) {
                byName.put(e.name(), e);
            }
            ZipArchiveEntry manifest = byName.get(MANIFEST_NAME);
            if (manifest == null) {
                run.tally.error(MANIFEST, name, 0, 0, null, "package has no /manifest.xml");
                return;
            }
            String manifestName = name + "!/" + MANIFEST_NAME;
            List<Item> items = manifest(run, reader, manifest, manifestName);
            for (Item item : items) {
                String entryName = item.path().startsWith("/") ? item.path().substring(1) : item.path();
                ZipArchiveEntry e = byName.get(entryName);
                if (e == null) {
                    run.tally.error(PATH, manifestName, item.line(), item.column(), item.loc(),
                            "path " + item.path() + " is not in the package");
                    continue;
                }
                verify(run, reader, e, item, manifestName);
            }
        } catch (ZipArchiveException e) {
            run.tally.error(PACKAGE, name, 0, 0, null, e.getMessage());
        }
    }

    private static List<Item> manifest(CheckRun run, ZipEntryReader reader, ZipArchiveEntry manifest,
                                       String manifestName) {
        List<Item> items = new ArrayList<>();
        Path temp = null;
        try {
            temp = Files.createTempFile("lexsync-check-manifest-", ".xml");
            try (InputStream in = reader.stream(manifest)) {
                Files.copy(in, temp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            CheckRun.Fetched local = new CheckRun.Fetched(URI.create(manifestName), temp, "application/xml");
            run.documents++;
            SitemapDocument.read(run, local, true, (h, e) -> {
                RsMetadata md = e.mdOrEmpty();
                if (md.path() != null && !h.isIndex()) {
                    items.add(new Item(md.path(), md, e.loc(), e.line(), e.column()));
                }
            });
        } catch (XmlDocumentException e) {
            run.unreadable(e, manifestName);
        } catch (IOException e) {
            run.tally.error(PACKAGE, manifestName, 0, 0, null, "manifest could not be read: " + e.getMessage());
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // harmless
                }
            }
        }
        return items;
    }

    private static void verify(CheckRun run, ZipEntryReader reader, ZipArchiveEntry e, Item item, String manifest) {
        Map<HashAlgorithm, MessageDigest> digests = new EnumMap<>(HashAlgorithm.class);
        for (HashAlgorithm a : item.md().hash().known().keySet()) {
            digests.put(a, a.newDigest());
        }
        long length = 0;
        try (InputStream in = reader.stream(e)) {
            byte[] buffer = new byte[65536];
            for (int n; (n = in.read(buffer)) > 0; ) {
                length += n;
                for (MessageDigest d : digests.values()) {
                    d.update(buffer, 0, n);
                }
            }
        } catch (IOException ex) {
            run.tally.error(PACKAGE, manifest, item.line(), item.column(), item.loc(),
                    "bitstream " + item.path() + " could not be read: " + ex.getMessage());
            return;
        }
        for (Map.Entry<HashAlgorithm, MessageDigest> d : digests.entrySet()) {
            Digest promised = item.md().hash().known().get(d.getKey());
            String computed = HexFormat.of().formatHex(d.getValue().digest());
            if (!computed.equalsIgnoreCase(promised.hex())) {
                run.tally.add(Severity.ERROR, ResourceSyncCheck.HASH_MATCH, new CheckExample(manifest, item.line(),
                        item.column(), item.loc(), String.format(Locale.ROOT, "%s of bitstream %s does not match",
                        d.getKey().token(), item.path()), promised.hex(), computed));
            }
        }
        if (item.md().length() != null && item.md().length() != length) {
            run.tally.add(Severity.ERROR, ResourceSyncCheck.LENGTH_MATCH, new CheckExample(manifest, item.line(),
                    item.column(), item.loc(), "length of bitstream " + item.path() + " does not match",
                    item.md().length().toString(), Long.toString(length)));
        }
    }

}
