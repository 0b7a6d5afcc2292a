package org.lexsync.engine.config;

import java.net.URI;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PublishSettings;

/**
 * The {@code publish:} section of {@code lexsync.yaml} (docs/architecture.md, "Publishing the aggregate"): what is
 * given of the publishing settings; the rest keeps {@link PublishSettings}' defaults and command-line flags override
 * both. {@code contentBaseUrl} ({@code publish.content-base-url}) is the server's second origin for the bytes we
 * did not write; it is no publishing setting (the published documents do not change with it). Neither are
 * {@code serveCacheBytes} and {@code serveCacheEntryBytes} ({@code publish.serve-cache-bytes}, {@code
 * publish.serve-cache-entry-bytes}): how many bytes of hot stored documents the server keeps in memory, and the
 * largest document it keeps there (docs/architecture.md, "Publishing the aggregate").
 */
public record PublishConfig(@Nullable URI baseUrl, @Nullable URI contentBaseUrl, @Nullable String feedId, @Nullable String authorName,
                            @Nullable String authorEmail, @Nullable Integer archiveSize, @Nullable String eliFeedId,
                            @Nullable Integer eliHistoryDays, @Nullable Integer listSize,
                            @Nullable Long dumpPackageBytes, @Nullable Boolean legacyMd5,
                            @Nullable Long serveCacheBytes, @Nullable Long serveCacheEntryBytes) {

    public static final PublishConfig NONE = new PublishConfig(null, null, null, null, null, null, null, null, null,
            null, null, null, null);

    /** A builder for {@code baseUrl} (this section's unless null) with every value this section gives. */
    public PublishSettings.Builder settings(@Nullable URI overrideBaseUrl) {
        URI base = overrideBaseUrl != null ? overrideBaseUrl : baseUrl;
        if (base == null) {
            throw new IllegalArgumentException("no base URL: give --base-url or publish.base-url in lexsync.yaml");
        }
        PublishSettings.Builder b = PublishSettings.builder(base).feedId(feedId).authorEmail(authorEmail)
                .eliFeedId(eliFeedId);
        if (authorName != null) {
            b.authorName(authorName);
        }
        if (archiveSize != null) {
            b.archiveSize(archiveSize);
        }
        if (eliHistoryDays != null) {
            b.eliHistoryDays(eliHistoryDays);
        }
        if (listSize != null) {
            b.listSize(listSize);
        }
        if (dumpPackageBytes != null) {
            b.dumpPackageBytes(dumpPackageBytes);
        }
        if (legacyMd5 != null) {
            b.legacyMd5(legacyMd5);
        }
        return b;
    }
}
