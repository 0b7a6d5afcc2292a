package org.lexsync.engine.fetch;

import java.net.URI;
import java.util.Map;
import java.util.Objects;

/**
 * One URL to download with what the source promised about it, the validators of the copy we hold and
 * extra request headers (e.g. {@code Accept}).
 */
public record FetchRequest(URI url, Expectation expected, Validators conditional, Map<String, String> headers) {

    public FetchRequest {
        Objects.requireNonNull(url, "url");
        expected = Objects.requireNonNullElse(expected, Expectation.NONE);
        conditional = Objects.requireNonNullElse(conditional, Validators.NONE);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /** A plain GET: nothing promised, nothing stored. */
    public static FetchRequest of(URI url) {
        return new FetchRequest(url, Expectation.NONE, Validators.NONE, Map.of());
    }

    public FetchRequest withExpected(Expectation expectation) {
        return new FetchRequest(url, expectation, conditional, headers);
    }

    public FetchRequest withConditional(Validators validators) {
        return new FetchRequest(url, expected, validators, headers);
    }

    public FetchRequest withHeader(String name, String value) {
        Map<String, String> copy = new java.util.LinkedHashMap<>(headers);
        copy.put(name, value);
        return new FetchRequest(url, expected, conditional, copy);
    }
}
