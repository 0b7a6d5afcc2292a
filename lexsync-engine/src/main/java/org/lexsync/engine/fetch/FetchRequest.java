package org.lexsync.engine.fetch;

import java.net.URI;
import java.util.Map;
import java.util.Objects;

/**
 * One URL to download with what the source promised about it, the validators of the copy we hold,
 * extra request headers (e.g. {@code Accept}), and up to how many bytes the body may be handed back in
 * memory instead of in a temp file ({@code inlineLimit}, 0 = always a file). The applier asks for small
 * bodies in memory because it stores them in the database anyway; a temp file per small body is the
 * fetcher's main cost on real file systems (docs/benchmarks.md). Portal crawlers also send HTML forms
 * ({@code form}, nullable: a POST) and keep a session ({@code cookies}, nullable: a jar per crawl run).
 */
public record FetchRequest(URI url, Expectation expected, Validators conditional, Map<String, String> headers,
                           int inlineLimit, FormBody form, CookieJar cookies) {

    /** A GET without cookies (the form of every request before crawlers needed forms and sessions). */
    public FetchRequest(URI url, Expectation expected, Validators conditional, Map<String, String> headers,
                        int inlineLimit) {
        this(url, expected, conditional, headers, inlineLimit, null, null);
    }

    public FetchRequest {
        Objects.requireNonNull(url, "url");
        if (inlineLimit < 0) {
            throw new IllegalArgumentException("inlineLimit must be >= 0, was " + inlineLimit);
        }
        expected = Objects.requireNonNullElse(expected, Expectation.NONE);
        conditional = Objects.requireNonNullElse(conditional, Validators.NONE);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /** A request whose body always comes back as a temp file. */
    public FetchRequest(URI url, Expectation expected, Validators conditional, Map<String, String> headers) {
        this(url, expected, conditional, headers, 0);
    }

    /** A plain GET: nothing promised, nothing stored. */
    public static FetchRequest of(URI url) {
        return new FetchRequest(url, Expectation.NONE, Validators.NONE, Map.of());
    }

    public FetchRequest withExpected(Expectation expectation) {
        return new FetchRequest(url, expectation, conditional, headers, inlineLimit, form, cookies);
    }

    public FetchRequest withConditional(Validators validators) {
        return new FetchRequest(url, expected, validators, headers, inlineLimit, form, cookies);
    }

    /** This request, with bodies of at most {@code bytes} handed back in memory. */
    public FetchRequest withInlineLimit(int bytes) {
        return new FetchRequest(url, expected, conditional, headers, bytes, form, cookies);
    }

    public FetchRequest withHeader(String name, String value) {
        Map<String, String> copy = new java.util.LinkedHashMap<>(headers);
        copy.put(name, value);
        return new FetchRequest(url, expected, conditional, copy, inlineLimit, form, cookies);
    }

    /**
     * This request sent as a POST of {@code body} (an HTML form, {@code application/x-www-form-urlencoded}); a 301,
     * 302 or 303 answer to it is followed with a GET, as browsers do.
     */
    public FetchRequest withForm(FormBody body) {
        return new FetchRequest(url, expected, conditional, headers, inlineLimit, body, cookies);
    }

    /** This request sending and keeping cookies in {@code jar} on every hop (one jar per crawl run). */
    public FetchRequest withCookies(CookieJar jar) {
        return new FetchRequest(url, expected, conditional, headers, inlineLimit, form, jar);
    }

    /** {@code POST} when a form is sent, else {@code GET}. */
    public String method() {
        return form == null ? "GET" : "POST";
    }
}
