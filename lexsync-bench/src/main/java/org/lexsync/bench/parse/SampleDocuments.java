package org.lexsync.bench.parse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Random;

/**
 * Generates the benchmark documents — a 50,000-entry ELI-style sitemap, a 50,000-entry ResourceSync change
 * list with {@code rs:md}/{@code rs:ln} on every entry, a 5,000-entry Atom feed in the Swedish profile, and
 * large resource list indexes on disk — as plain text, independently of LexSync's own writers so that the
 * readers are measured on bytes they did not produce.
 */
public final class SampleDocuments {
    private static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

    private SampleDocuments() {
    }

    public static byte[] sitemap(int entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(entries * 200);
        write(out, w -> {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            w.write("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for (int i = 0; i < entries; i++) {
                w.write("  <url>\n    <loc>https://legal.example.org/eli/act/" + (2000 + i % 25) + "/" + i
                        + "/oj</loc>\n    <lastmod>" + START.plus(i, ChronoUnit.MINUTES) + "</lastmod>\n"
                        + "    <changefreq>weekly</changefreq>\n    <priority>0.5</priority>\n  </url>\n");
            }
            w.write("</urlset>\n");
        });
        return out.toByteArray();
    }

    public static byte[] changeList(int entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(entries * 420);
        Random random = new Random(7);
        byte[] md5 = new byte[16];
        byte[] sha = new byte[32];
        String[] kinds = {"created", "updated", "updated", "deleted"};
        write(out, w -> {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            w.write("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
                    + "xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n");
            w.write("  <rs:ln rel=\"up\" href=\"https://legal.example.org/rs/capabilitylist.xml\"/>\n");
            w.write("  <rs:md capability=\"changelist\" from=\"" + START + "\" until=\""
                    + START.plus(entries, ChronoUnit.SECONDS) + "\"/>\n");
            for (int i = 0; i < entries; i++) {
                random.nextBytes(md5);
                random.nextBytes(sha);
                String t = START.plus(i, ChronoUnit.SECONDS).toString();
                w.write("  <url>\n    <loc>https://legal.example.org/eli/act/2024/" + i + "/oj/eng/html</loc>\n"
                        + "    <lastmod>" + t + "</lastmod>\n"
                        + "    <rs:md change=\"" + kinds[i % kinds.length] + "\" datetime=\"" + t + "\" hash=\"md5:"
                        + HexFormat.of().formatHex(md5) + " sha-256:" + HexFormat.of().formatHex(sha)
                        + "\" length=\"" + (1000 + i % 5000) + "\" type=\"text/html\"/>\n"
                        + "    <rs:ln rel=\"duplicate\" pri=\"1\" href=\"https://mirror.example.net/eli/act/2024/" + i
                        + "/oj/eng/html\"/>\n  </url>\n");
            }
            w.write("</urlset>\n");
        });
        return out.toByteArray();
    }

    public static byte[] atomFeed(int entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(entries * 900);
        Random random = new Random(11);
        byte[] md5 = new byte[16];
        write(out, w -> {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            w.write("<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:fh=\"http://purl.org/syndication/history/1.0\""
                    + " xmlns:at=\"http://purl.org/atompub/tombstones/1.0\" xmlns:le=\"http://purl.org/atompub/link-extensions/1.0\""
                    + " xmlns:dct=\"http://purl.org/dc/terms/\">\n");
            w.write("  <id>tag:legal.example.org,2024:rinfo:feed</id>\n  <title>Example agency</title>\n"
                    + "  <updated>" + START.plus(entries, ChronoUnit.MINUTES) + "</updated>\n"
                    + "  <author><name>Example agency</name><email>rinfo@legal.example.org</email></author>\n"
                    + "  <link rel=\"self\" href=\"https://legal.example.org/feed/current.atom\"/>\n"
                    + "  <link rel=\"prev-archive\" href=\"https://legal.example.org/feed/2023.atom\"/>\n");
            for (int i = entries - 1; i >= 0; i--) {
                random.nextBytes(md5);
                String hex = HexFormat.of().formatHex(md5);
                String t = START.plus(i, ChronoUnit.MINUTES).toString();
                if (i % 50 == 0) {
                    w.write("  <at:deleted-entry ref=\"http://rinfo.example.org/publ/sfs/2023:" + i + "\" when=\"" + t
                            + "\"/>\n");
                    continue;
                }
                w.write("  <entry>\n    <id>http://rinfo.example.org/publ/sfs/2024:" + i + "</id>\n"
                        + "    <title>SFS 2024:" + i + "</title>\n"
                        + "    <updated>" + t + "</updated>\n    <published>" + t + "</published>\n"
                        + "    <summary>Förordning om ändring i förordningen (2024:" + i + ")</summary>\n"
                        + "    <content type=\"application/pdf\" src=\"/publ/sfs/2024/" + i + ".pdf\" hash=\"md5:" + hex + "\" length=\"" + (20000 + i) + "\"/>\n"
                        + "    <link rel=\"alternate\" type=\"application/rdf+xml\" href=\"/publ/sfs/2024/" + i
                        + ".rdf\" length=\"2048\" le:md5=\"" + hex.toUpperCase(Locale.ROOT) + "\"/>\n"
                        + "    <link rel=\"enclosure\" type=\"application/pdf\" href=\"/publ/sfs/2024/" + i
                        + "-bilaga.pdf\" length=\"4096\" hash=\"md5:" + hex + "\" dct:isFormatOf=\"http://rinfo.example.org/publ/sfs/2024:" + i + "#bilaga1\"/>\n"
                        + "  </entry>\n");
            }
            w.write("</feed>\n");
        });
        return out.toByteArray();
    }

    /**
     * Writes a resource list index over {@code lists} resource lists of {@code perList} entries into
     * {@code dir}; returns the index path. Lists are named {@code resourcelist-N.xml}.
     */
    public static Path resourceListIndex(Path dir, int lists, int perList) throws IOException {
        Files.createDirectories(dir);
        Path index = dir.resolve("resourcelist-index.xml");
        try (Writer w = Files.newBufferedWriter(index, StandardCharsets.UTF_8)) {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                    + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n  <rs:md capability=\"resourcelist\" at=\"" + START + "\"/>\n");
            for (int l = 0; l < lists; l++) {
                w.write("  <sitemap><loc>" + dir.resolve("resourcelist-" + l + ".xml").toUri() + "</loc></sitemap>\n");
            }
            w.write("</sitemapindex>\n");
        }
        Random random = new Random(3);
        byte[] md5 = new byte[16];
        for (int l = 0; l < lists; l++) {
            try (Writer w = Files.newBufferedWriter(dir.resolve("resourcelist-" + l + ".xml"), StandardCharsets.UTF_8)) {
                w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                        + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n  <rs:ln rel=\"up\" href=\"capabilitylist.xml\"/>\n  <rs:ln rel=\"index\" href=\"resourcelist-index.xml\"/>\n"
                        + "  <rs:md capability=\"resourcelist\" at=\"" + START + "\"/>\n");
                for (int i = 0; i < perList; i++) {
                    random.nextBytes(md5);
                    long n = (long) l * perList + i;
                    w.write("  <url><loc>https://legal.example.org/eli/res/" + n + "</loc><lastmod>"
                            + START.plus(n, ChronoUnit.SECONDS) + "</lastmod><rs:md hash=\"md5:"
                            + HexFormat.of().formatHex(md5) + "\" length=\"" + (n % 10000) + "\" type=\"text/html\"/></url>\n");
                }
                w.write("</urlset>\n");
            }
        }
        return index;
    }

    private interface Body {
        void write(Writer w) throws IOException;
    }

    private static void write(OutputStream out, Body body) {
        try (Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            body.write(w);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
