package org.lexsync.engine.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * Document groups for the ingestion tests, modelled on the EUCases D2.1 §3.2 example (a Bundesverwaltungsgericht
 * decision crawled by {@code DCrawlerBverwg}): our own equivalent, with the PDF conversion's damage repaired (the
 * unquoted {@code xmlns:xsd} value, the identifier broken over two lines, the 31-digit md5, {@code filename}
 * written as in Appendix I) and real files whose MD5s are computed.
 */
public final class GroupFixture {
    public static final String CRAWLER = "DCrawlerBverwg";
    public static final String GROUP = "442261d3-6737-40bc-aa77-6fd118a56882";

    /** One document: its file name, GUID, operation, source URL, bytes and MIME type. */
    public record Doc(String file, String id, String op, String url, byte[] bytes, String format) {
        public String md5() {
            return HexFormat.of().formatHex(HashAlgorithm.MD5.newDigest().digest(bytes));
        }

        public Doc withBytes(String text) {
            return new Doc(file, id, op, url, text.getBytes(StandardCharsets.UTF_8), format);
        }

        public Doc withOp(String operation) {
            return new Doc(file, id, operation, url, bytes, format);
        }
    }

    private final String crawler;
    private final String group;
    private String operation = "Add";
    private String date = "2014-01-16T06:55:18";
    private final List<Doc> docs = new ArrayList<>();
    private String typeAttribute = " type=\"1\"";

    private GroupFixture(String crawler, String group) {
        this.crawler = crawler;
        this.group = group;
    }

    /** The §3.2-like group: a decision page and the court's seal. */
    public static GroupFixture decision() {
        return new GroupFixture(CRAWLER, GROUP).doc(html()).doc(seal());
    }

    public static GroupFixture empty(String crawler, String group) {
        return new GroupFixture(crawler, group);
    }

    public static Doc html() {
        return new Doc("300113B9B51.12.0.html", "00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0", "Add",
                "http://www.bverwg.de/entscheidungen/entscheidung.php?ent=300113B9B51.12.0",
                "<html><body><h1>BVerwG 9 B 51.12</h1><p>Beschluss vom 30.01.2013</p></body></html>"
                        .getBytes(StandardCharsets.UTF_8), "text/html");
    }

    public static Doc seal() {
        return new Doc("bverwg-seal.gif", "7d2c1f0e-5b8a-4c3d-9e6f-0a1b2c3d4e5f", "Add",
                "http://www.bverwg.de/images/seal.gif",
                new byte[]{'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, 0, 0, 0, ';'}, "image/gif");
    }

    public GroupFixture doc(Doc d) {
        docs.add(d);
        return this;
    }

    public GroupFixture op(String value) {
        operation = value;
        return this;
    }

    public GroupFixture date(String value) {
        date = value;
        return this;
    }

    /** Leaves out the {@code type} attribute, as the printed Appendix I schema does. */
    public GroupFixture withoutType() {
        typeAttribute = "";
        return this;
    }

    public List<Doc> docs() {
        return List.copyOf(docs);
    }

    /** The MetaInfo XML as the §3.2 example writes it (no namespace). */
    public String metaInfo() {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
                .append("<documentgroup xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"")
                .append(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" date=\"").append(date)
                .append("\"\n    crawler=\"").append(crawler).append("\" lang=\"DE\" format=\"application/zip\"")
                .append(" filename=\"300113B9B51.12.0.zip\"\n    identifier=\"").append(group)
                .append("\" operation=\"").append(operation).append('"').append(typeAttribute).append(">\n");
        for (Doc d : docs) {
            b.append(String.format(Locale.ROOT, "  <document format=\"%s\" file=\"%s\" identifier=\"%s\""
                            + " operation=\"%s\"\n      url=\"%s\" md5=\"%s\" />\n", d.format(), d.file(), d.id(), d.op(),
                    d.url().replace("&", "&amp;"), d.md5()));
        }
        return b.append("</documentgroup>\n").toString();
    }

    /** Writes the MetaInfo in {@code charset} (UTF-16 gets a byte order mark and says so in its declaration). */
    public Path writeMetaInfo(Path dir, Charset charset) throws IOException {
        String xml = metaInfo();
        if (!charset.equals(StandardCharsets.UTF_8)) {
            xml = xml.replace("encoding=\"utf-8\"", "encoding=\"" + charset.name().toLowerCase(Locale.ROOT) + "\"");
        }
        Path file = Files.createTempFile(dir, "metainfo-", ".xml");
        byte[] bytes = xml.getBytes(charset); // UTF_16 writes a big-endian BOM
        Files.write(file, bytes);
        return file;
    }

    public Path writeMetaInfo(Path dir) throws IOException {
        return writeMetaInfo(dir, StandardCharsets.UTF_8);
    }

    /** The ZIP of the documents not marked Del (the §3.2 "Data"). */
    public Path writeZip(Path dir) throws IOException {
        return writeZip(dir, false);
    }

    /** A ZIP holding metainfo.xml beside the files (one application/zip body). */
    public Path writePackage(Path dir) throws IOException {
        return writeZip(dir, true);
    }

    private Path writeZip(Path dir, boolean withMetaInfo) throws IOException {
        Path file = Files.createTempFile(dir, "group-", ".zip");
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            if (withMetaInfo) {
                zip.putNextEntry(new ZipEntry("metainfo.xml"));
                zip.write(metaInfo().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
            for (Doc d : docs) {
                if (!d.op().equals("Del")) {
                    zip.putNextEntry(new ZipEntry(d.file()));
                    zip.write(d.bytes());
                    zip.closeEntry();
                }
            }
        }
        return file;
    }

    /** A ZIP whose only entry is named {@code name}. */
    public static Path zipWithEntry(Path dir, String name, byte[] bytes) throws IOException {
        return zipWithEntries(dir, java.util.Map.of(name, bytes));
    }

    /** A ZIP of these entries, named as given (e.g. a path that climbs out of the package). */
    public static Path zipWithEntries(Path dir, java.util.Map<String, byte[]> entries) throws IOException {
        Path file = Files.createTempFile(dir, "hostile-", ".zip");
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (var e : new java.util.TreeMap<>(entries).entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return file;
    }
}
