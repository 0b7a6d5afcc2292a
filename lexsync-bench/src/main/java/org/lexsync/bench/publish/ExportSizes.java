package org.lexsync.bench.publish;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Files and bytes of a static export by family (documents, blobs, resource files, dump packages), so that the
 * export's file writing is reported in files/s and MB/s rather than in entries/s.
 */
final class ExportSizes {
    private final Map<String, long[]> families = new TreeMap<>();

    static ExportSizes of(Path dir) throws IOException {
        ExportSizes s = new ExportSizes();
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                long[] c = s.families.computeIfAbsent(family(dir.relativize(f).toString()), k -> new long[2]);
                c[0]++;
                try {
                    c[1] += Files.size(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return s;
    }

    private static String family(String path) {
        if (path.startsWith("blob/")) {
            return "blobs (by content address)";
        }
        if (path.startsWith("resource/")) {
            return "resource files";
        }
        if (path.contains("dump")) {
            return "ResourceSync dumps (packages and manifests)";
        }
        if (path.startsWith("feed/") || path.startsWith("resourcesync/") || path.startsWith("eli/")
                || path.startsWith(".well-known/")) {
            return "documents (Atom, ResourceSync lists, ELI)";
        }
        return "other";
    }

    void print(double wall, double cpu) {
        long files = 0;
        long bytes = 0;
        for (Map.Entry<String, long[]> e : families.entrySet()) {
            System.out.printf(Locale.ROOT, "  %s: %d files, %d MB%n", e.getKey(), e.getValue()[0],
                    e.getValue()[1] >> 20);
            files += e.getValue()[0];
            bytes += e.getValue()[1];
        }
        System.out.printf(Locale.ROOT, "  export as a whole: %d files, %d MB in %.1f s wall = %.0f files/s, %.1f MB/s;"
                + " %.1f s CPU%n", files, bytes >> 20, wall, files / wall, (bytes / 1e6) / wall, cpu);
    }
}
