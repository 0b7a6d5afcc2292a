package org.lexsync.engine.crawler;

import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * A fetched portal page: its final URL (after redirects, the base of its relative links), the bytes as served,
 * and the charset they are read in — the source's override when it sets one (a portal section served in
 * windows-1251 with a wrong or missing header), else the Content-Type's, else UTF-8. Parsed by jsoup on demand.
 */
public final class Page {
    private final URI url;
    private final byte[] bytes;
    private final Charset charset;
    private final @Nullable String contentType;
    private @Nullable Document document;

    /** A page of {@code bytes} (not copied: nobody may change them) read in {@code charset}. */
    public Page(URI url, byte[] bytes, @Nullable String contentType, Charset charset) {
        this.url = Objects.requireNonNull(url, "url");
        this.bytes = Objects.requireNonNull(bytes, "bytes");
        this.contentType = contentType;
        this.charset = Objects.requireNonNull(charset, "charset");
    }

    /** A page read in {@code override}, or else in the charset its Content-Type names, or else UTF-8. */
    public static Page of(URI url, byte[] bytes, @Nullable String contentType, @Nullable Charset override) {
        return new Page(url, bytes, contentType, override != null ? override : charsetOf(contentType));
    }

    /** The charset a Content-Type header names, UTF-8 when it names none or one Java does not know. */
    static Charset charsetOf(@Nullable String contentType) {
        if (contentType != null) {
            for (String part : contentType.split(";")) {
                String p = part.strip();
                if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                    String name = p.substring(8).replace("\"", "").strip();
                    try {
                        return Charset.forName(name);
                    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                        return StandardCharsets.UTF_8;
                    }
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    public URI url() {
        return url;
    }

    /** The bytes as served (never changed). */
    public byte[] bytes() {
        return bytes;
    }

    public Charset charset() {
        return charset;
    }

    public @Nullable String contentType() {
        return contentType;
    }

    /** The text in {@link #charset()}. */
    public String text() {
        return new String(bytes, charset);
    }

    /** The page parsed as HTML, relative links resolved against its URL. */
    public synchronized Document document() {
        if (document == null) {
            document = Jsoup.parse(text(), url.toString());
        }
        return document;
    }
}
