package org.lexsync.engine.model;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A source as a front end defines it (docs/architecture.md, "Core model"): id, entry URLs, the protocol's typed options
 * (which also name the protocol), politeness (delay between requests and requests in flight per host; null: the protocol's or the command's default), schedule text for the server,
 * approval, publisher contact, and when to give up on an item that keeps failing. The store keeps the text form,
 * {@link SourceRecord}.
 */
public record Source(String id, List<URI> urls, ProtocolOptions options, @Nullable Duration delay,
                     @Nullable Integer concurrency, @Nullable String schedule, boolean approved, @Nullable String contact, GiveUpRule giveUp) {

    public Source {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(giveUp, "giveUp");
        if (id.isBlank() || !id.equals(id.strip())) {
            throw new IllegalArgumentException("source id must be non-blank text without surrounding spaces: '" + id + "'");
        }
        urls = List.copyOf(urls);
        if (delay != null && delay.isNegative()) {
            throw new IllegalArgumentException("source " + id + ": delay must not be negative, was " + delay);
        }
        if (concurrency != null && concurrency < 1) {
            throw new IllegalArgumentException("source " + id + ": concurrency must be at least 1, was " + concurrency);
        }
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("source " + id + " has no URL");
        }
        for (URI u : urls) {
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null) {
                throw new IllegalArgumentException("source " + id + ": not an absolute http(s) URL: " + u);
            }
        }
    }

    /** The protocol, from the options. */
    public String protocol() {
        return options.protocol();
    }

    /** A builder for a source with this id and these options; everything else starts at its default. */
    public static Builder builder(String id, ProtocolOptions options) {
        return new Builder(id, options);
    }

    /** The store's record of this source; politeness kept as its configuration text. */
    public SourceRecord toRecord() {
        String politeness = SourceRecord.politenessText(delay, concurrency);
        return new SourceRecord(id, protocol(), urls.stream().map(URI::toString).toList(), schedule, politeness, approved,
                contact);
    }

    /** This source's politeness over {@code fallback} (the protocol's or the command's): what it sets wins. */
    public Politeness politeness(Politeness fallback) {
        return new Politeness(concurrency == null ? fallback.maxPerHost() : concurrency,
                delay == null ? fallback.minDelay() : delay);
    }

    /** Builds a {@link Source}; approved by default (a source defined in code is meant to be harvested). */
    public static final class Builder {
        private final String id;
        private final ProtocolOptions options;
        private final List<URI> urls = new ArrayList<>();
        private @Nullable Duration delay;
        private @Nullable Integer concurrency;
        private @Nullable String schedule;
        private boolean approved = true;
        private @Nullable String contact;
        private GiveUpRule giveUp = GiveUpRule.DEFAULT;

        private Builder(String id, ProtocolOptions options) {
            this.id = Objects.requireNonNull(id, "id");
            this.options = Objects.requireNonNull(options, "options");
        }

        /** Adds an entry URL (ResourceSync: one; Atom: the subscription feed; ELI: the Sitemap, then the feed). */
        public Builder url(URI url) {
            urls.add(Objects.requireNonNull(url, "url"));
            return this;
        }

        public Builder url(String url) {
            return url(URI.create(url));
        }

        /** At least this long between two requests to one host; null for the default. */
        public Builder delay(@Nullable Duration value) {
            delay = value;
            return this;
        }

        /** At most this many requests in flight to one host; null for the default. */
        public Builder concurrency(@Nullable Integer value) {
            concurrency = value;
            return this;
        }

        public Builder schedule(@Nullable String value) {
            schedule = value;
            return this;
        }

        public Builder approved(boolean value) {
            approved = value;
            return this;
        }

        public Builder contact(@Nullable String value) {
            contact = value;
            return this;
        }

        public Builder giveUp(GiveUpRule value) {
            giveUp = Objects.requireNonNull(value, "giveUp");
            return this;
        }

        public Source build() {
            return new Source(id, urls, options, delay, concurrency, schedule, approved, contact, giveUp);
        }
    }
}
