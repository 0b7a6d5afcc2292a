package org.lexsync.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSummary;

/**
 * What the document pages and {@code /api/documents} show (docs/api.md, "Documents"), read once for both: finding a
 * document by its URI or by text, its current state with every version the journal holds, and the line diff of two
 * versions of a text format. Every refusal is an {@link ApiError} naming the parameter or version that was wrong.
 */
public final class DocumentHistory {
    /** At most this many documents are found by one search. */
    public static final int FOUND = 100;
    /** At most this many versions of a document are listed. */
    public static final int VERSIONS = 1_000;
    /** A version longer than this is not diffed. */
    public static final long DIFF_BYTES = 1 << 20;

    private final LexSync lexsync;

    public DocumentHistory(LexSync lexsync) {
        this.lexsync = lexsync;
    }

    /** A document: its current state and its versions from the journal, oldest first. */
    public record Document(ResourceState state, List<JournalVersion> versions) {
    }

    /** A diff of two versions ({@code from} and {@code to} by journal sequence number) of one document. */
    public record Diff(String sourceId, String uri, JournalVersion from, JournalVersion to, List<LineDiff.Line> lines) {
    }

    /**
     * The documents with exactly the URI {@code uri}, or else whose URI or title contains {@code q}; one of the two
     * must be given and not blank.
     */
    public List<ResourceSummary> find(@Nullable String uri, @Nullable String q) {
        if (uri != null && !uri.isBlank()) {
            return lexsync.store().findResources(uri.strip(), FOUND);
        }
        if (q != null && !q.isBlank()) {
            return lexsync.store().searchResources(q.strip(), FOUND);
        }
        throw ApiError.badRequest("give the query parameter uri (a document's exact URI) or q (text in its URI or"
                + " title)");
    }

    /** One document of one source, empty when that source never held it. */
    public Optional<Document> document(String sourceId, String uri) {
        return lexsync.store().resource(sourceId, uri).map(s -> new Document(s, lexsync.store().versions(sourceId, uri, VERSIONS)));
    }

    /** The diff of the versions {@code from} and {@code to} (sequence numbers as given in the request). */
    public Diff diff(String sourceId, String uri, @Nullable String from, @Nullable String to) {
        Document d = document(sourceId, uri).orElseThrow(() -> ApiError.notFound(
                "source '" + sourceId + "' holds no document " + uri));
        JournalVersion a = version(d, "from", from);
        JournalVersion b = version(d, "to", to);
        return new Diff(sourceId, uri, a, b, LineDiff.diff(LineDiff.lines(text(a, "from")),
                LineDiff.lines(text(b, "to"))));
    }

    /** The primary file of a version (else its first), null for a deletion or a version recorded without files. */
    public static @Nullable RepresentationState primary(JournalVersion v) {
        for (RepresentationState r : v.representations()) {
            if (r.role() == RepresentationRole.PRIMARY) {
                return r;
            }
        }
        return v.representations().isEmpty() ? null : v.representations().get(0);
    }

    /** True for media types a line diff makes sense of: {@code text/*}, XML, JSON, and the RDF text syntaxes. */
    public static boolean textual(@Nullable String mediaType) {
        if (mediaType == null) {
            return false;
        }
        String t = mediaType.toLowerCase(Locale.ROOT);
        int semi = t.indexOf(';');
        t = (semi < 0 ? t : t.substring(0, semi)).strip();
        return t.startsWith("text/") || t.endsWith("/xml") || t.endsWith("+xml") || t.endsWith("/json")
                || t.endsWith("+json") || t.equals("application/n-triples") || t.equals("application/n-quads")
                || t.equals("application/trig");
    }

    /** Our path of a stored file's bytes, served sandboxed ({@code /blob/sha256/{ab}/{hex}}). */
    public static String blobPath(String sha256) {
        String hex = sha256.toLowerCase(Locale.ROOT);
        return "/blob/sha256/" + hex.substring(0, 2) + "/" + hex;
    }

    private static JournalVersion version(Document d, String parameter, @Nullable String seqText) {
        if (seqText == null || seqText.isBlank()) {
            throw ApiError.badRequest("query parameter " + parameter + " is missing (a version's seq)");
        }
        long seq;
        try {
            seq = Long.parseLong(seqText.strip());
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("query parameter " + parameter + " must be a version's seq (a whole number),"
                    + " was '" + seqText + "'");
        }
        return d.versions().stream().filter(v -> v.entry().seq() == seq).findFirst().orElseThrow(() ->
                ApiError.notFound("no version " + seq + " (query parameter " + parameter + ") of " + d.state().uri()
                        + " in source '" + d.state().sourceId() + "'"));
    }

    private String text(JournalVersion v, String parameter) {
        RepresentationState r = primary(v);
        long seq = v.entry().seq();
        if (r == null) {
            if (v.recorded()) {
                return "";
            }
            throw new ApiError(422, "version " + seq + " (" + parameter + ") is a "
                    + v.entry().kind().token() + " without recorded files; nothing to diff");
        }
        if (!textual(r.mediaType())) {
            throw new ApiError(422, "version " + seq + " (" + parameter + ") is " + r.mediaType()
                    + ", not a text format; download it instead");
        }
        if (r.length() > DIFF_BYTES) {
            throw new ApiError(422, "version " + seq + " (" + parameter + ") is " + r.length()
                    + " bytes, more than the " + DIFF_BYTES + " a diff here reads; download it instead");
        }
        try (InputStream in = lexsync.store().openBlob(r.blobKey())) {
            byte[] bytes = in.readNBytes((int) DIFF_BYTES + 1);
            if (bytes.length > DIFF_BYTES) {
                throw new ApiError(422, "version " + seq + " (" + parameter + ") is longer than the " + DIFF_BYTES
                        + " bytes a diff here reads; download it instead");
            }
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ApiError(422, "version " + seq + " (" + parameter + ") is not UTF-8 text; download it instead");
        } catch (IOException e) {
            throw new ApiError(503, "version " + seq + " (" + parameter + "): its stored bytes cannot be read ("
                    + e.getMessage() + ")");
        }
    }
}
