package org.lexsync.engine.store;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;

/**
 * Writes the version a journal row left its resource in (title, publication date, links, files) as one text
 * column ({@code journal.version}, {@code V6__journal_version.sql}), so that publishing can project any old
 * row without the resource's current state (docs/architecture.md, "Publishing the aggregate"). Line form: a
 * header line {@code v1 title published}, then one {@code l} line per link (as {@link LinkCodec}) and one
 * {@code r} line per file, fields tab-separated and escaped with {@link LinkCodec#escape}.
 */
final class VersionCodec {
    private static final String HEADER = "v1";

    private VersionCodec() {
    }

    /** Decoded form of one version; lists never null. */
    record Version(String title, String published, List<Link> links, List<RepresentationState> representations) {
    }

    static String encode(ResourceWrite w) {
        if (w.delete()) {
            return null;
        }
        StringBuilder b = new StringBuilder(256);
        b.append(HEADER).append('\t').append(LinkCodec.escape(w.title())).append('\t')
                .append(LinkCodec.escape(w.published()));
        String links = LinkCodec.encode(w.links());
        if (links != null) {
            for (String line : links.split("\n", -1)) {
                b.append("\nl\t").append(line);
            }
        }
        for (RepresentationState r : w.representations()) {
            b.append("\nr\t").append(LinkCodec.escape(r.url() == null ? null : r.url().toString()))
                    .append('\t').append(r.role().token())
                    .append('\t').append(LinkCodec.escape(r.mediaType()))
                    .append('\t').append(r.length())
                    .append('\t').append(LinkCodec.escape(r.md5()))
                    .append('\t').append(r.sha256())
                    .append('\t').append(LinkCodec.escape(r.etag()))
                    .append('\t').append(LinkCodec.escape(r.lastModified()))
                    .append('\t').append(LinkCodec.escape(LinkCodec.encode(r.links())));
        }
        return b.toString();
    }

    /** The version of {@link #encode}'s text; null for null text (a deletion or a row older than V5). */
    static Version decode(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        int eol = text.indexOf('\n');
        String first = eol < 0 ? text : text.substring(0, eol);
        String[] head = split(first);
        if (!HEADER.equals(head[0]) || head.length < 3) {
            throw new IllegalStateException("journal version text of an unknown form: " + first);
        }
        List<Link> links = new ArrayList<>(0);
        List<RepresentationState> reps = new ArrayList<>(2);
        while (eol >= 0) {
            int start = eol + 1;
            eol = text.indexOf('\n', start);
            String line = eol < 0 ? text.substring(start) : text.substring(start, eol);
            if (line.startsWith("l\t")) {
                links.addAll(LinkCodec.decode(line.substring(2)));
            } else if (line.startsWith("r\t")) {
                String[] f = split(line);
                String url = nullIfEmpty(LinkCodec.unescape(f[1]));
                String sha256 = f[6];
                reps.add(new RepresentationState(url == null ? null : URI.create(url), RepresentationRole.fromToken(f[2]),
                        nullIfEmpty(LinkCodec.unescape(f[3])), Long.parseLong(f[4]), nullIfEmpty(LinkCodec.unescape(f[5])),
                        sha256, new BlobKey(sha256), nullIfEmpty(LinkCodec.unescape(f[7])),
                        nullIfEmpty(LinkCodec.unescape(f[8])), LinkCodec.decode(LinkCodec.unescape(f[9]))));
            }
        }
        return new Version(nullIfEmpty(LinkCodec.unescape(head[1])), nullIfEmpty(LinkCodec.unescape(head[2])),
                List.copyOf(links), List.copyOf(reps));
    }

    /** The tab-separated fields of one line, empty ones kept (as {@code split("\t", -1)}, without its list). */
    private static String[] split(String line) {
        int n = 1;
        for (int i = line.indexOf('\t'); i >= 0; i = line.indexOf('\t', i + 1)) {
            n++;
        }
        String[] f = new String[n];
        int start = 0;
        for (int k = 0; k < n - 1; k++) {
            int tab = line.indexOf('\t', start);
            f[k] = line.substring(start, tab);
            start = tab + 1;
        }
        f[n - 1] = line.substring(start);
        return f;
    }

    private static String nullIfEmpty(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
