package org.lexsync.engine.crawler;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.fetch.FormBody;

/**
 * The state needed to ask an ASP.NET-style portal for its next listing page: the form post-back a browser would send
 * (the form's action and every field — {@code __EVENTTARGET}, {@code __EVENTARGUMENT}, {@code __VIEWSTATE},
 * {@code __EVENTVALIDATION}, … — in the form's order and charset). It rides in the listing cursor, so a killed crawl
 * resumes at the unfinished page without walking the pages before it; as text it is deflated and base64url-encoded
 * (a view state is base64 itself and shrinks by about a quarter).
 */
record Postback(URI action, List<Map.Entry<String, String>> fields, Charset charset) {

    Postback {
        Objects.requireNonNull(action, "action");
        fields = List.copyOf(fields);
        Objects.requireNonNull(charset, "charset");
    }

    /** Sends the post-back. */
    Page send(CrawlSession session) {
        return session.post(action, new FormBody(fields, charset));
    }

    /** The state as one token without spaces. */
    String encode() {
        StringBuilder b = new StringBuilder(action.toString()).append('\n').append(charset.name());
        for (Map.Entry<String, String> f : fields) {
            b.append('\n').append(URLEncoder.encode(f.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(f.getValue(), StandardCharsets.UTF_8));
        }
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            d.setInput(b.toString().getBytes(StandardCharsets.UTF_8));
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return Base64.getUrlEncoder().withoutPadding().encodeToString(out.toByteArray());
        } finally {
            d.end();
        }
    }

    /** The state of {@code token}; empty when it is not one (the cursor is then no cursor). */
    static Optional<Postback> decode(@Nullable String token) {
        if (token == null || token.isEmpty()) {
            return Optional.empty();
        }
        Inflater inf = new Inflater();
        try {
            inf.setInput(Base64.getUrlDecoder().decode(token));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            while (!inf.finished()) {
                int n = inf.inflate(buf);
                if (n == 0 && (inf.needsInput() || inf.needsDictionary())) {
                    return Optional.empty();
                }
                out.write(buf, 0, n);
                if (out.size() > CrawlSession.MAX_PAGE_BYTES) {
                    return Optional.empty();
                }
            }
            String[] lines = out.toString(StandardCharsets.UTF_8).split("\n", -1);
            if (lines.length < 2) {
                return Optional.empty();
            }
            List<Map.Entry<String, String>> fields = new ArrayList<>();
            for (int i = 2; i < lines.length; i++) {
                int eq = lines[i].indexOf('=');
                if (eq < 0) {
                    return Optional.empty();
                }
                fields.add(Map.entry(URLDecoder.decode(lines[i].substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(lines[i].substring(eq + 1), StandardCharsets.UTF_8)));
            }
            return Optional.of(new Postback(URI.create(lines[0]), fields, Charset.forName(lines[1])));
        } catch (IllegalArgumentException | DataFormatException e) {
            return Optional.empty();
        } finally {
            inf.end();
        }
    }
}
