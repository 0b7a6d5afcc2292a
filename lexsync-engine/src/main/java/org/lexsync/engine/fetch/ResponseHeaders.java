package org.lexsync.engine.fetch;

import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A response's header fields with lower-cased names (RFC 9110 §5.1: names are case-insensitive), in the order
 * received, read once from the connection; the few lookups the fetcher needs and the whole map for
 * {@link FetchResult}. Smaller than {@code java.net.http.HttpHeaders}, whose sorted copy cost a measurable share
 * of each small fetch.
 */
final class ResponseHeaders {
    private final Map<String, List<String>> fields;

    private ResponseHeaders(Map<String, List<String>> fields) {
        this.fields = fields;
    }

    /** The header fields of {@code connection}'s response (the status line, field 0 without a name, left out). */
    static ResponseHeaders of(HttpURLConnection connection) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        for (int i = 0; ; i++) {
            String value = connection.getHeaderField(i);
            String name = connection.getHeaderFieldKey(i);
            if (value == null && name == null) {
                if (i == 0) {
                    continue; // no status line at index 0 (HTTP/0.9-like answers): keep looking
                }
                break;
            }
            if (name != null && value != null) {
                fields.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>(1)).add(value);
            }
        }
        return new ResponseHeaders(fields);
    }

    /** The first value of the named field, if any. */
    Optional<String> firstValue(String name) {
        List<String> values = fields.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The first value of the named field as a number; empty when absent or not a number. */
    OptionalLong firstValueAsLong(String name) {
        Optional<String> v = firstValue(name);
        if (v.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(v.get().trim()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** Every field, lower-cased names, values in the order received. */
    Map<String, List<String>> map() {
        return Collections.unmodifiableMap(fields);
    }
}
