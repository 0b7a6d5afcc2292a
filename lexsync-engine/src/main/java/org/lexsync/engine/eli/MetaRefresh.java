package org.lexsync.engine.eli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lexsync.core.uri.LenientUris;

/**
 * The target of an HTML redirect ({@code <meta http-equiv="refresh" content="0; url=...">}, HTML Living
 * Standard §4.2.5.3 "Refresh state"), which ELI Pillar IV §3.2.2 "Provide dereferenceable ELI URIs" allows
 * an ELI to answer with ("possibly using an HTML redirect"). Looked for only in a page that gave no metadata,
 * in its first {@value #WINDOW} bytes (the {@code head}), so a normal page never pays for it.
 */
final class MetaRefresh {
    static final int WINDOW = 32 * 1024;
    private static final Pattern META = Pattern.compile(
            "<meta\\s[^>]*http-equiv\\s*=\\s*[\"']?refresh[\"']?[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern CONTENT = Pattern.compile(
            "\\scontent\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))", Pattern.CASE_INSENSITIVE);
    private static final Pattern URL = Pattern.compile(
            "^\\s*\\d*(?:\\.\\d*)?\\s*[;,]?\\s*(?:url\\s*=\\s*)?([\"']?)(.+?)\\1\\s*$", Pattern.CASE_INSENSITIVE);

    private MetaRefresh() {
    }

    /** The http(s) URL the page at {@code body} redirects to, resolved against {@code base}; null when none. */
    static URI target(Path body, URI base) {
        byte[] head;
        try (InputStream in = Files.newInputStream(body)) {
            head = in.readNBytes(WINDOW);
        } catch (IOException e) {
            return null;
        }
        // the markup is ASCII in every encoding a page may declare; Latin-1 maps each byte to one char
        Matcher meta = META.matcher(new String(head, StandardCharsets.ISO_8859_1));
        if (!meta.find()) {
            return null;
        }
        Matcher content = CONTENT.matcher(meta.group());
        if (!content.find()) {
            return null;
        }
        String value = content.group(1) != null ? content.group(1)
                : content.group(2) != null ? content.group(2) : content.group(3);
        Matcher url = URL.matcher(value.replace("&amp;", "&"));
        if (!url.matches() || url.group(2).isBlank() || !url.group(2).strip().toLowerCase(Locale.ROOT).contains("/")
                && !value.toLowerCase(Locale.ROOT).contains("url")) {
            return null;
        }
        try {
            URI target = base.resolve(new URI(LenientUris.encode(url.group(2).strip())));
            String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && target.getHost() != null ? target : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
