package org.lexsync.bench.publish;

import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.CommitBatch;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.store.ResourceWrite;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * Proof that a publishing change keeps every document's bytes: prints the SHA-256 of every document of the
 * publication (each Atom feed's archives and subscription document, each ResourceSync set's lists and indexes) by
 * path, to be run with the build before and the build after on the same store and compared with {@code diff}. Uses
 * only the public API, so it runs against an old jar as a single-file program too:
 *
 * <pre>java -cp OLD.jar DocumentDigests.java --dir D [--odd true] &gt; old.txt
 * java -cp benchmarks.jar org.lexsync.bench.publish.DocumentDigests --dir D [--odd true] &gt; new.txt
 * diff old.txt new.txt</pre>
 *
 * <p>{@code --odd true} first generates (when {@code D/data} holds no store) a small store of odd values: two sources
 * holding the same URIs, deletions, XML-special and non-ASCII characters in URIs, titles and media types, attachments,
 * RDF metadata, files without MD5, rows without a publication date. Copy a store before reading it with another
 * build if that build would migrate it.
 */
public final class DocumentDigests {
    private DocumentDigests() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        boolean odd = args.length > 3 && Boolean.parseBoolean(args[3]);
        Path data = dir.resolve("data");
        if (odd && !Files.exists(data.resolve("lexsync.db"))) {
            generateOdd(data);
        }
        try (LexSync lexsync = LexSync.builder(data).build()) {
            Publication p = lexsync.publication(PublishSettings.builder(URI.create("http://127.0.0.1:8080/"))
                    .feedId("tag:bench.lexsync.org,2024:aggregate").build());
            List<String> scopes = List.of("", "gen", "odd"); // the benchmark's source and the odd store's
            for (String scope : scopes) {
                String feed = scope.isEmpty() ? "feed/" : "feed/" + scope + "/";
                print(p, feed + "current.atom");
                for (long n = 1; print(p, feed + "archive/" + n + ".atom"); n++) {
                    // every archive, then the subscription document at its archive address, then none
                }
                String set = scope.isEmpty() ? "resourcesync/all/" : "resourcesync/source/" + scope + "/";
                for (String index : List.of("resourcelist.xml", "changelist.xml")) {
                    String text = print(p, set + index) ? body(p, set + index) : "";
                    for (String piece : text.split("<loc>")) {
                        int end = piece.indexOf("</loc>");
                        if (end > 0) {
                            print(p, piece.substring(0, end).replace(p.settings().baseUrl().toString(), ""));
                        }
                    }
                }
            }
        }
    }

    /** Prints the document's path and SHA-256; false when there is no document there. */
    private static boolean print(Publication p, String path) throws Exception {
        Optional<PublishedDocument> d = p.document(path);
        if (d.isEmpty()) {
            return false;
        }
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        long[] n = {0};
        d.get().body().writeTo(new OutputStream() {
            @Override
            public void write(int b) {
                sha.update((byte) b);
                n[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                sha.update(b, off, len);
                n[0] += len;
            }
        });
        System.out.println(path + " " + n[0] + " " + HexFormat.of().formatHex(sha.digest()));
        return true;
    }

    private static String body(Publication p, String path) throws Exception {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        p.document(path).orElseThrow().body().writeTo(b);
        return b.toString(StandardCharsets.UTF_8);
    }

    /** 260 resources in two sources (the second holding half of the first's URIs), updated, some deleted. */
    private static void generateOdd(Path data) throws Exception {
        try (LexSync lexsync = LexSync.builder(data).build()) {
            lexsync.register(Source.builder("gen", AtomOptions.DEFAULT).url("https://gen.example/feed.atom").build());
            lexsync.register(Source.builder("odd", AtomOptions.DEFAULT).url("https://odd.example/f?a=1&b=%3C2%3E")
                    .build());
        }
        String[] titles = {"Tom & Jerry <act> \"quoted\" 'single'", "Lag (2024:123) om ändring – §5", "]]> end",
            "tab\there\r\nnew line", "", "   ", "中文 😀 \u0085\u007f", "a > b"};
        String[] types = {"text/html", "application/pdf", null, "text/plain; charset=\"utf-8\"&x"};
        try (Store store = Store.open(StoreConfig.of(data))) {
            for (int round = 0; round < 3; round++) {
                for (String source : List.of("gen", "odd")) {
                    List<ResourceWrite> writes = new ArrayList<>();
                    List<InlineBlob> blobs = new ArrayList<>();
                    int count = source.equals("gen") ? 260 : 130;
                    for (int i = 0; i < count; i++) {
                        String uri = i % 7 == 0 ? "https://gen.example/publ/ä ö/" + i + "?x=1&y=<" + i + ">"
                                : "https://gen.example/publ/sfs/" + i;
                        boolean delete = round == 2 && i % 5 == 0;
                        if (round == 2 && !delete && i % 3 != 0) {
                            continue;
                        }
                        List<RepresentationState> reps = new ArrayList<>();
                        if (!delete) {
                            reps.add(rep(uri + "/v" + round + ".html", RepresentationRole.PRIMARY,
                                    types[(i + round) % types.length], "body " + uri + round, i % 4 != 0, blobs));
                            if (i % 3 == 0) {
                                reps.add(rep(uri + "/bilaga.pdf", RepresentationRole.ENCLOSURE, "application/pdf",
                                        "attachment " + i, true, blobs));
                            }
                            if (i % 4 == 1) {
                                reps.add(rep(uri + "/meta.rdf", RepresentationRole.METADATA, null,
                                        "<rdf " + i + round + "/>", true, blobs));
                            }
                        }
                        String ts = i % 6 == 0 ? null : "2024-01-01T00:00:00Z";
                        writes.add(new ResourceWrite(uri, delete, ts == null ? null : W3cDateTime.of(Instant.parse(ts)
                                .plus(Duration.ofSeconds(round * 1000L + i))), i % 5 == 2 ? null : "2024-0" + (1 + i % 9)
                                + "-01", titles[(i + round) % titles.length], i % 8 == 3
                                ? List.of(new Link("alternate", "https://x.example/?a&b", Map.of("type", "text/html")))
                                : List.of(), reps));
                    }
                    store.commit(new CommitBatch(source, null, writes, blobs, null, 0));
                }
            }
        }
    }

    private static RepresentationState rep(String url, RepresentationRole role, String type, String body, boolean md5,
                                           List<InlineBlob> blobs) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        String m = md5 ? HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes)) : null;
        BlobKey key = new BlobKey(sha);
        blobs.add(new InlineBlob(key, bytes));
        return new RepresentationState(URI.create(url.replace(" ", "%20").replace("<", "%3C").replace(">", "%3E")
                .replace("ä", "%C3%A4").replace("ö", "%C3%B6")), role, type, bytes.length, m, sha, key, null, null,
                role == RepresentationRole.ENCLOSURE ? List.of(new Link("isFormatOf", url.replace("/bilaga.pdf", ""),
                Map.of())) : List.of());
    }
}
