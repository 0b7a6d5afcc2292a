package org.lexsync.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.LexSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync export --out DIR}: writes every current document (its primary file) as a file in a tree by URL
 * ({@link ExportPaths}), with a JSON-lines manifest ({@link ExportManifest}). A later export into the same
 * directory writes only documents whose bytes changed and removes the files of resources deleted since, so a
 * mirror of the local copy stays cheap to refresh. Every file's SHA-256 is checked against its blob key.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Writes every current document as a file in a tree by URL (host/path) with a JSON-lines"
                + " manifest; a later export into the same directory writes only what changed.")
final class ExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to export into.")
    Path out;

    @Option(names = "--source", paramLabel = "ID", description = "Only this source's documents.")
    String source;

    /** A document to export, before its path is known. */
    private record Doc(String sourceId, String uri, RepresentationState rep) {
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        Path root = out.toAbsolutePath().normalize();
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new Main.UsageException("--out " + out + " is not a directory");
        }
        try (LexSync lexsync = storeOptions.openExisting()) {
            if (source != null && lexsync.store().storedSource(source).isEmpty()) {
                throw new Main.UsageException(String.format(Locale.ROOT, "no source '%s' in the store (sources: %s)",
                        source, String.join(", ", lexsync.store().storedSources().stream().map(SourceRecord::id).toList())));
            }
            List<Doc> docs = new ArrayList<>();
            lexsync.store().resourceStates(source, false, r -> {
                RepresentationState rep = ResourcesCommand.primary(r);
                if (rep != null) {
                    docs.add(new Doc(r.sourceId(), r.uri(), rep));
                }
            });
            List<String> paths = ExportPaths.resolve(docs.stream()
                    .map(d -> new ExportPaths.Entry(d.sourceId(), d.uri())).toList());
            Files.createDirectories(root);
            Path manifestFile = root.resolve(ExportPaths.MANIFEST);
            Map<String, ExportManifest.Line> previous = ExportManifest.read(manifestFile);
            // with --source, the other sources' files of an earlier export stay as they are
            List<ExportManifest.Line> kept = new ArrayList<>();
            Set<String> current = new HashSet<>(paths);
            if (source != null) {
                previous.values().removeIf(l -> {
                    boolean keep = !source.equals(l.source()) && !current.contains(l.path());
                    if (keep) {
                        kept.add(l);
                    }
                    return keep;
                });
            }

            int removed = removeGone(root, previous, current);
            List<ExportManifest.Line> lines = new ArrayList<>(docs.size() + kept.size());
            int created = 0;
            int changed = 0;
            int unchanged = 0;
            long bytes = 0;
            for (int i = 0; i < docs.size(); i++) {
                Doc d = docs.get(i);
                String path = paths.get(i);
                Path target = inside(root, path);
                RepresentationState rep = d.rep();
                ExportManifest.Line old = previous.get(path);
                String md5 = rep.md5();
                if (old != null && old.sha256().equals(rep.sha256()) && Files.isRegularFile(target)
                        && Files.size(target) == rep.length()) {
                    unchanged++;
                    md5 = md5 != null ? md5 : old.md5();
                } else {
                    String written = copy(lexsync, rep.blobKey(), target, root);
                    md5 = md5 != null ? md5 : written;
                    bytes += rep.length();
                    if (old == null) {
                        created++;
                    } else {
                        changed++;
                    }
                }
                lines.add(new ExportManifest.Line(d.sourceId(), d.uri(), path, md5, rep.sha256(), rep.length(),
                        rep.mediaType()));
            }
            lines.addAll(kept);
            lines.sort(Comparator.comparing(ExportManifest.Line::path));
            ExportManifest.write(manifestFile, lines);
            stdout.printf(Locale.ROOT, "exported %d documents to %s: %d written (%d new, %d changed, %.1f MB),"
                            + " %d unchanged, %d removed%n", docs.size(), root, created + changed, created, changed,
                    bytes / 1048576.0, unchanged, removed);
            stdout.printf(Locale.ROOT, "  manifest: %s%n", manifestFile);
            stdout.flush();
        }
        return 0;
    }

    /** The file for a relative export path; never outside the export directory. */
    private static Path inside(Path root, String path) {
        Path p = root.resolve(path).normalize();
        if (!p.startsWith(root) || p.equals(root)) {
            throw new IllegalStateException("export path " + path + " leaves " + root);
        }
        return p;
    }

    /** Deletes the files of the previous export that this one no longer has, then their emptied directories. */
    private static int removeGone(Path root, Map<String, ExportManifest.Line> previous, Set<String> current)
            throws IOException {
        int removed = 0;
        for (String path : previous.keySet()) {
            if (current.contains(path)) {
                continue;
            }
            Path file = inside(root, path);
            if (Files.isRegularFile(file) && Files.deleteIfExists(file)) {
                removed++;
            }
            for (Path dir = file.getParent(); dir != null && !dir.equals(root); dir = dir.getParent()) {
                try {
                    Files.deleteIfExists(dir);
                } catch (DirectoryNotEmptyException e) {
                    break;
                }
            }
        }
        return removed;
    }

    /** Copies one blob to {@code target} through a temporary file, checking its SHA-256; returns its MD5. */
    private static String copy(LexSync lexsync, BlobKey key, Path target, Path root) throws IOException {
        Path parent = target.getParent();
        for (Path p = parent; p != null && !p.equals(root); p = p.getParent()) {
            if (Files.isRegularFile(p)) {
                throw new Main.UsageException("cannot export " + target + ": " + p + " is a file not written by"
                        + " lexsync export; move it away");
            }
        }
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, ".lexsync-export-", ".part");
        try {
            MessageDigest md5 = digest("MD5");
            MessageDigest sha256 = digest("SHA-256");
            try (InputStream in = lexsync.store().openBlob(key);
                 OutputStream o = new DigestOutputStream(new DigestOutputStream(Files.newOutputStream(temp), md5),
                         sha256)) {
                in.transferTo(o);
            }
            String actual = HexFormat.of().formatHex(sha256.digest());
            if (!actual.equals(key.sha256())) {
                throw new IllegalStateException("the stored blob " + key + " has SHA-256 " + actual
                        + "; the store is damaged (run lexsync gc / audit)");
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return HexFormat.of().formatHex(md5.digest());
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
