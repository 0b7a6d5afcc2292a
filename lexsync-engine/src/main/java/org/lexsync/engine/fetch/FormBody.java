package org.lexsync.engine.fetch;

import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The fields of an HTML form sent with a POST ({@code application/x-www-form-urlencoded}, HTML Living Standard
 * §4.10.21.8), in the order the form gives them, names repeatable. Portal search forms often carry hidden
 * state fields (ASP.NET {@code __VIEWSTATE}) that must be echoed, and some portals expect the values in their
 * own charset (e.g. windows-1251), so the charset is part of the body.
 */
public record FormBody(List<Map.Entry<String, String>> fields, Charset charset) {

    public FormBody {
        fields = List.copyOf(fields);
        Objects.requireNonNull(charset, "charset");
    }

    /** A form of these fields (in iteration order) in UTF-8. */
    public static FormBody of(Map<String, String> fields) {
        List<Map.Entry<String, String>> list = new ArrayList<>();
        fields.forEach((k, v) -> list.add(Map.entry(k, v == null ? "" : v)));
        return new FormBody(list, StandardCharsets.UTF_8);
    }

    /** The body bytes: {@code name=value} pairs joined by {@code &}, percent-encoded in {@link #charset}. */
    public byte[] encoded() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> f : fields) {
            if (!b.isEmpty()) {
                b.append('&');
            }
            b.append(URLEncoder.encode(f.getKey(), charset)).append('=').append(URLEncoder.encode(f.getValue(), charset));
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The Content-Type header of the body. */
    public String contentType() {
        return "application/x-www-form-urlencoded; charset=" + charset.name();
    }
}
