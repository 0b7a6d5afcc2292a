package org.lexsync.engine.crawler;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Element;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.fetch.CookieJar;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchRequest;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.FormBody;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.model.HarvestListener;

/**
 * The only way a {@link PortalCrawler} reaches the portal during one run: GETs and form POSTs through the shared
 * polite fetcher (robots.txt, per-host delay and in-flight limit, {@code Retry-After}, retries), with one cookie jar
 * for the run (a portal session) and the source's charset override, and forms filled from the page that holds them
 * so that hidden state fields ({@code __VIEWSTATE}) are echoed. Counts the pages it fetched. Thread-safe.
 */
public final class CrawlSession {
    /** Pages up to this size are read into memory; the cap of a portal page. */
    static final int MAX_PAGE_BYTES = 16 * 1024 * 1024;

    private final Fetcher fetcher;
    private final CookieJar cookies = new CookieJar();
    private final @Nullable Charset charset;
    private final HarvestListener listener;
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    /** A session over {@code fetcher} reading pages in {@code charset} (null: as the server says). */
    public CrawlSession(Fetcher fetcher, @Nullable Charset charset, @Nullable HarvestListener listener) {
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
        this.charset = charset;
        this.listener = listener == null ? HarvestListener.NONE : listener;
    }

    /**
     * GETs {@code url}.
     *
     * @throws PageUnavailableException when the page cannot be had
     */
    public Page get(URI url) {
        return page(request(url), url);
    }

    /**
     * POSTs {@code form} to {@code url} (a search form).
     *
     * @throws PageUnavailableException when the answer cannot be had
     */
    public Page post(URI url, FormBody form) {
        return page(request(url).withForm(form), url);
    }

    /**
     * The form {@code formSelector} (CSS) of {@code page} filled as a browser would submit it: every named
     * {@code input} (hidden state fields included) and {@code select} with its current value, then {@code values}
     * set over them; encoded in the page's charset. Returns the form's absolute action URL and body.
     *
     * @throws ExtractionException when the page has no such form
     */
    public Submission fill(Page page, String formSelector, Map<String, String> values) {
        Element form = page.document().selectFirst(formSelector);
        if (form == null) {
            throw new ExtractionException(page.url(), formSelector, "no such form on the page");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (Element input : form.select("input[name], select[name], textarea[name]")) {
            String type = input.attr("type").toLowerCase(Locale.ROOT);
            if (type.equals("submit") || type.equals("button") || type.equals("image")
                    || (type.equals("checkbox") || type.equals("radio")) && !input.hasAttr("checked")) {
                continue;
            }
            String value = input.tagName().equals("select")
                    ? selected(input) : input.tagName().equals("textarea") ? input.text() : input.attr("value");
            fields.put(input.attr("name"), value);
        }
        fields.putAll(values);
        List<Map.Entry<String, String>> list = new ArrayList<>();
        fields.forEach((k, v) -> list.add(Map.entry(k, v)));
        String action = form.hasAttr("action") && !form.attr("action").isBlank() ? form.absUrl("action")
                : page.url().toString();
        return new Submission(URI.create(action), new FormBody(list, page.charset()));
    }

    private static String selected(Element select) {
        Element option = select.selectFirst("option[selected]");
        if (option == null) {
            option = select.selectFirst("option");
        }
        return option == null ? "" : option.hasAttr("value") ? option.attr("value") : option.text();
    }

    /** A filled form: where it goes and what it sends. */
    public record Submission(URI action, FormBody body) {
    }

    /** Pages fetched in this session. */
    public long pages() {
        return pages.get();
    }

    /** Bytes of the pages fetched in this session. */
    public long bytes() {
        return bytes.get();
    }

    /** The run's cookie jar. */
    CookieJar cookies() {
        return cookies;
    }

    /** The charset override, or null. */
    @Nullable Charset charset() {
        return charset;
    }

    FetchRequest request(URI url) {
        return new FetchRequest(url, Expectation.NONE, Validators.NONE, Map.of(), MAX_PAGE_BYTES).withCookies(cookies);
    }

    /** Fetches with {@code request}; counts what came. */
    FetchResult fetch(FetchRequest request) {
        FetchResult r = fetcher.fetch(request);
        if (r instanceof FetchResult.Fetched f) {
            pages.incrementAndGet();
            bytes.addAndGet(f.length());
            listener.documentRead(request.url(), f.length());
        }
        return r;
    }

    private Page page(FetchRequest request, URI url) {
        FetchResult r = fetch(request);
        return switch (r) {
            case FetchResult.Fetched f -> toPage(f, charset);
            case FetchResult.NotModified n -> throw new PageUnavailableException(url, 304, "not-modified",
                    "304 Not Modified to an unconditional request");
            case FetchResult.Failed x -> throw unavailable(x);
        };
    }

    static PageUnavailableException unavailable(FetchResult.Failed x) {
        return new PageUnavailableException(x.requested(), x.status(),
                x.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'), x.message());
    }

    /** The fetched body as a page (the temp file, if any, is read and deleted). */
    static Page toPage(FetchResult.Fetched f, @Nullable Charset charset) {
        byte[] body;
        if (f.inline() != null) {
            body = f.inline();
        } else {
            try {
                if (f.length() > MAX_PAGE_BYTES) {
                    throw new PageUnavailableException(f.requested(), f.status(), "too-large",
                            "a page larger than " + MAX_PAGE_BYTES + " bytes");
                }
                body = Files.readAllBytes(f.body());
            } catch (IOException e) {
                throw new PageUnavailableException(f.requested(), f.status(), "local-file", e.toString());
            } finally {
                TempFiles.deleteQuietly(f.body());
            }
        }
        return Page.of(f.finalUrl(), body, f.contentType(), charset);
    }
}
