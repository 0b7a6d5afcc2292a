package org.lexsync.engine.model;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How the aggregate is republished (docs/architecture.md, "Publishing the aggregate"): the base URL every published
 * address starts with, the Atom feed's persistent {@code tag:} id and author (rinfo §3.1), entries per archive
 * document (rinfo §6, RFC 5005 §4), the ELI update feed's id and days of history (ELI Pillar IV §3.3), entries per
 * ResourceSync list (ResourceSync §7, at most 50,000 per sitemaps.org), bytes per dump package (§11, §13), and
 * whether content also carries the obsolete {@code le:md5} (rinfo §3.3.6). Built and checked by {@link #builder}.
 */
public record PublishSettings(URI baseUrl, String feedId, String authorName, @Nullable String authorEmail,
                              int archiveSize, String eliFeedId, int eliHistoryDays, int listSize,
                              long dumpPackageBytes, boolean legacyMd5) {

    public static final int DEFAULT_ARCHIVE_SIZE = 100;
    public static final int DEFAULT_ELI_HISTORY_DAYS = 60;
    public static final int MAX_LIST_SIZE = 50_000;
    public static final long DEFAULT_DUMP_PACKAGE_BYTES = 100L * 1024 * 1024;

    public PublishSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(feedId, "feedId");
        Objects.requireNonNull(authorName, "authorName");
        Objects.requireNonNull(eliFeedId, "eliFeedId");
        String scheme = baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
        if (!baseUrl.isAbsolute() || !(scheme.equals("http") || scheme.equals("https")) || baseUrl.getHost() == null
                || baseUrl.getQuery() != null || baseUrl.getFragment() != null) {
            throw new IllegalArgumentException("base-url: an absolute http(s) URL without query or fragment is"
                    + " needed, was " + baseUrl);
        }
        if (!baseUrl.getPath().endsWith("/")) {
            baseUrl = URI.create(baseUrl + "/");
        }
        if (!feedId.startsWith("tag:") && !feedId.startsWith("urn:") && !feedId.startsWith("http")) {
            throw new IllegalArgumentException("feed-id: a persistent URI (a tag: URI, rinfo §3.1) is needed, was "
                    + feedId);
        }
        if (archiveSize < 1 || archiveSize > 10_000) {
            throw new IllegalArgumentException("archive-size: 1 to 10000 entries per archive, was " + archiveSize);
        }
        if (eliHistoryDays < 1) {
            throw new IllegalArgumentException("eli-history-days: at least 1, was " + eliHistoryDays);
        }
        if (listSize < 1 || listSize > MAX_LIST_SIZE) {
            throw new IllegalArgumentException("list-size: 1 to 50000 entries per list (sitemaps.org), was "
                    + listSize);
        }
        if (dumpPackageBytes < 1024) {
            throw new IllegalArgumentException("dump-package-bytes: at least 1024, was " + dumpPackageBytes);
        }
    }

    /** Settings for {@code baseUrl} with every default; the builder changes any of them. */
    public static Builder builder(URI baseUrl) {
        return new Builder(baseUrl);
    }

    /** The absolute URL of one of our paths ({@code path} without a leading slash). */
    public String url(String path) {
        return baseUrl + (path.startsWith("/") ? path.substring(1) : path);
    }

    /** Builds {@link PublishSettings}; defaults derive from the base URL's host, checked when built. */
    public static final class Builder {
        private URI baseUrl;
        private @Nullable String feedId;
        private String authorName = "LexSync";
        private @Nullable String authorEmail;
        private int archiveSize = DEFAULT_ARCHIVE_SIZE;
        private @Nullable String eliFeedId;
        private int eliHistoryDays = DEFAULT_ELI_HISTORY_DAYS;
        private int listSize = MAX_LIST_SIZE;
        private long dumpPackageBytes = DEFAULT_DUMP_PACKAGE_BYTES;
        private boolean legacyMd5;

        private Builder(URI baseUrl) {
            this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
        }

        public Builder baseUrl(URI value) {
            baseUrl = Objects.requireNonNull(value, "baseUrl");
            return this;
        }

        /** The Atom feed's persistent id (default {@code tag:HOST,2024:lexsync-aggregate}). */
        public Builder feedId(@Nullable String value) {
            feedId = value;
            return this;
        }

        public Builder authorName(String value) {
            authorName = Objects.requireNonNull(value, "authorName");
            return this;
        }

        /** A functional mailbox for reports about the feed (rinfo §3.1); none by default. */
        public Builder authorEmail(@Nullable String value) {
            authorEmail = value;
            return this;
        }

        public Builder archiveSize(int value) {
            archiveSize = value;
            return this;
        }

        /** The ELI update feed's id (default {@code urn:HOST:eli:eli-update-feed}, ELI Pillar IV §3.3). */
        public Builder eliFeedId(@Nullable String value) {
            eliFeedId = value;
            return this;
        }

        public Builder eliHistoryDays(int value) {
            eliHistoryDays = value;
            return this;
        }

        public Builder listSize(int value) {
            listSize = value;
            return this;
        }

        public Builder dumpPackageBytes(long value) {
            dumpPackageBytes = value;
            return this;
        }

        public Builder legacyMd5(boolean value) {
            legacyMd5 = value;
            return this;
        }

        public PublishSettings build() {
            String host = baseUrl.getHost() == null ? "localhost" : baseUrl.getHost().toLowerCase(Locale.ROOT);
            return new PublishSettings(baseUrl, feedId != null ? feedId : "tag:" + host + ",2024:lexsync-aggregate",
                    authorName, authorEmail, archiveSize, eliFeedId != null ? eliFeedId : "urn:" + host
                    + ":eli:eli-update-feed", eliHistoryDays, listSize, dumpPackageBytes, legacyMd5);
        }
    }
}
