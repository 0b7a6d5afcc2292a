package org.lexsync.engine.crawler;

import java.nio.charset.Charset;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ProtocolOptions;

/**
 * The options of a {@code crawler} source: which crawler lists and extracts its portal — a generic one described in
 * {@code lexsync.yaml} ({@link CrawlerSpec}) or a Java crawler registered under a name ({@link PortalCrawlers}) — and
 * the charset its pages are read in when the portal's headers cannot be trusted (null: as served).
 */
public record CrawlerOptions(@Nullable CrawlerSpec spec, @Nullable String javaCrawler, @Nullable Charset charset)
        implements ProtocolOptions {
    public static final String PROTOCOL = "crawler";

    public CrawlerOptions {
        if ((spec == null) == (javaCrawler == null)) {
            throw new IllegalArgumentException("a crawler source names either a generic crawler definition or a Java"
                    + " crawler, not " + (spec == null ? "neither" : "both"));
        }
    }

    /** A generic crawler of {@code spec}, read in the spec's charset. */
    public static CrawlerOptions generic(CrawlerSpec spec) {
        return new CrawlerOptions(Objects.requireNonNull(spec, "spec"), null, spec.charset());
    }

    /** The Java crawler registered as {@code name}. */
    public static CrawlerOptions java(String name, @Nullable Charset charset) {
        return new CrawlerOptions(null, Objects.requireNonNull(name, "name"), charset);
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    /** The crawler these options name, for the portal at {@code home} (relative seeds are resolved against it). */
    public PortalCrawler crawler(java.net.URI home) {
        return spec != null ? new GenericCrawler(spec, home) : PortalCrawlers.create(Objects.requireNonNull(javaCrawler), home);
    }
}
