package org.lexsync.engine.discovery;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.lexsync.core.uri.LenientUris;

/**
 * The one order in which a ResourceSync source's documents are looked for from a starting URL (ResourceSync §6.3),
 * for the harvester and the checker alike: the start URL itself when it answers with a document; every
 * {@code rel="resourcesync"} target of its HTTP {@code Link} headers and, for an HTML page, of its {@code <link>}
 * elements (§6.3.3); then, when nothing was found — also when the start URL could not be fetched at all, as a site
 * root that answers 403 — the well-known URI {@code /.well-known/resourcesync} (§6.3.2); then the {@code Sitemap:}
 * lines of robots.txt (§6.3.4). What a document means (capability sets, findings) is the {@link Reader}'s business.
 */
public final class ResourceSyncDiscovery {
    private ResourceSyncDiscovery() {
    }

    /** A fetched response: where it ended after redirects, its media type, its body on disk and its headers. */
    public interface Response extends AutoCloseable {
        URI finalUrl();

        @Nullable String contentType();

        Path body();

        /** All values of a response header (case-insensitive name). */
        List<String> header(String name);

        /** Deletes the body. */
        @Override
        void close();
    }

    /** One side's fetching and reading. */
    public interface Reader<R extends Response> {
        /** Fetches {@code url}; empty when it cannot be fetched (the reader notes why). */
        Optional<R> fetch(URI url);

        /** Reads a fetched document, asked for as {@code requested}, as a ResourceSync document. */
        void read(URI requested, R response);

        /** True once the reads found what discovery looks for (a Capability List, or a document to start from). */
        boolean found();

        /** Something tried that led nowhere, in words (a bad link, an unreadable robots.txt). */
        void note(String what);

        /**
         * True for a start response to look for {@code <link>} elements in rather than read as a document; by default
         * {@link #htmlPage(Response)}.
         */
        default boolean isHtmlPage(R response) {
            return htmlPage(response);
        }
    }

    /** Looks for the source's documents from {@code start}, reading each through {@code reader}. */
    public static <R extends Response> void discover(URI start, Reader<R> reader) {
        Optional<R> first = reader.fetch(start);
        if (first.isPresent()) {
            try (R page = first.get()) {
                for (URI target : linkHeaderTargets(page)) {
                    readAt(target, reader);
                }
                if (reader.isHtmlPage(page)) {
                    for (URI target : htmlLinkTargets(page, reader)) {
                        readAt(target, reader);
                    }
                } else {
                    reader.read(start, page);
                }
            }
        }
        if (!reader.found()) {
            URI wellKnown = wellKnown(start);
            if (!wellKnown.equals(start)) {
                readAt(wellKnown, reader);
            }
        }
        if (!reader.found()) {
            for (URI sitemap : robotsSitemaps(start, reader)) {
                readAt(sitemap, reader);
            }
        }
    }

    /** The well-known URI of {@code start}'s host (§6.3.2). */
    public static URI wellKnown(URI start) {
        return start.resolve("/.well-known/resourcesync");
    }

    private static <R extends Response> void readAt(URI url, Reader<R> reader) {
        Optional<R> r = reader.fetch(url);
        if (r.isPresent()) {
            try (R response = r.get()) {
                reader.read(url, response);
            }
        }
    }

    /**
     * True for an HTML page: served as HTML and not, by its first bytes, a Sitemap document that a misconfigured
     * server labels {@code text/html}.
     */
    public static boolean htmlPage(Response r) {
        String type = r.contentType() == null ? "" : r.contentType().toLowerCase(Locale.ROOT);
        if (!type.startsWith("text/html") && !type.startsWith("application/xhtml")) {
            return false;
        }
        return !sitemapServedAsHtml(r);
    }

    /** True when a response served as HTML starts like a Sitemap document ({@code <urlset}, {@code <sitemapindex}). */
    public static boolean sitemapServedAsHtml(Response r) {
        try (InputStream in = Files.newInputStream(r.body())) {
            String head = new String(in.readNBytes(2048), StandardCharsets.ISO_8859_1);
            return head.contains("<urlset") || head.contains("<sitemapindex");
        } catch (IOException e) {
            return false;
        }
    }

    /** Every {@code rel="resourcesync"} target of the response's Link headers (RFC 8288), resolved. */
    public static List<URI> linkHeaderTargets(Response r) {
        List<URI> out = new ArrayList<>();
        for (String value : r.header("Link")) {
            for (LinkHeader.Link link : LinkHeader.parse(value)) {
                if (link.rels().contains("resourcesync")) {
                    URI target = absolute(link.target(), r.finalUrl());
                    if (target != null) {
                        out.add(target);
                    }
                }
            }
        }
        return out;
    }

    private static List<URI> htmlLinkTargets(Response r, Reader<?> reader) {
        List<URI> out = new ArrayList<>();
        try {
            Document page = Jsoup.parse(r.body().toFile(), StandardCharsets.UTF_8.name(), r.finalUrl().toString());
            for (Element link : page.select("link[rel][href]")) {
                for (String rel : link.attr("rel").trim().split("\\s+")) {
                    if (rel.equalsIgnoreCase("resourcesync")) {
                        try {
                            out.add(URI.create(link.absUrl("href")));
                        } catch (IllegalArgumentException bad) {
                            reader.note("bad resourcesync link " + link.attr("href"));
                        }
                    }
                }
            }
        } catch (IOException e) {
            reader.note(r.finalUrl() + ": " + e);
        }
        return out;
    }

    private static <R extends Response> List<URI> robotsSitemaps(URI start, Reader<R> reader) {
        URI robots = start.resolve("/robots.txt");
        List<URI> out = new ArrayList<>();
        Optional<R> fetched = reader.fetch(robots);
        if (fetched.isEmpty()) {
            return out;
        }
        try (R r = fetched.get()) {
            for (String line : Files.readAllLines(r.body(), StandardCharsets.UTF_8)) {
                String t = line.strip();
                if (t.regionMatches(true, 0, "sitemap:", 0, 8)) {
                    URI sitemap = absolute(t.substring(8), r.finalUrl());
                    if (sitemap != null) {
                        out.add(sitemap);
                    } else {
                        reader.note("bad Sitemap line in robots.txt: " + t);
                    }
                }
            }
        } catch (IOException e) {
            reader.note(robots + ": " + e.getMessage());
        }
        return out;
    }

    private static @Nullable URI absolute(String reference, URI base) {
        try {
            return LenientUris.resolve(base, reference.strip());
        } catch (IllegalArgumentException bad) {
            return null;
        }
    }
}
