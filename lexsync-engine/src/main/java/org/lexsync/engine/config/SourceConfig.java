package org.lexsync.engine.config;

import org.jspecify.annotations.Nullable;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.ProtocolOptions;
import org.lexsync.engine.model.SourceRecord;

/**
 * One source as {@code lexsync.yaml} lists it (docs/architecture.md, "Core model": the source): id, protocol, entry URLs,
 * politeness overrides ({@code delay} and {@code concurrency}; null means the protocol's default), schedule text (read
 * by the server's scheduler), approval, publisher contact, protocol options passed to the harvester, and the give-up
 * rule for items that keep failing (null: the default). {@code typedOptions}, when not null, are options read from a
 * structured key instead of text (a crawler source's {@code crawler:} definition) and replace the text options.
 */
public record SourceConfig(String id, String protocol, List<URI> urls, @Nullable Duration delay,
                           @Nullable Integer concurrency, @Nullable String schedule, boolean approved,
                           @Nullable String contact, Map<String, String> options, int line, @Nullable GiveUpRule giveUp,
                           @Nullable ProtocolOptions typedOptions) {

    /** A source whose protocol options are all given as text. */
    public SourceConfig(String id, String protocol, List<URI> urls, @Nullable Duration delay,
                        @Nullable Integer concurrency, @Nullable String schedule, boolean approved,
                        @Nullable String contact, Map<String, String> options, int line, @Nullable GiveUpRule giveUp) {
        this(id, protocol, urls, delay, concurrency, schedule, approved, contact, options, line, giveUp, null);
    }

    /** A source under the default give-up rule. */
    public SourceConfig(String id, String protocol, List<URI> urls, @Nullable Duration delay,
                        @Nullable Integer concurrency, @Nullable String schedule, boolean approved,
                        @Nullable String contact, Map<String, String> options, int line) {
        this(id, protocol, urls, delay, concurrency, schedule, approved, contact, options, line, null);
    }

    public SourceConfig {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(protocol, "protocol");
        urls = List.copyOf(urls);
        options = Map.copyOf(options);
    }

    /** The store's record of this source; politeness is kept as its configuration text. */
    public SourceRecord toRecord() {
        String politeness = SourceRecord.politenessText(delay, concurrency);
        return new SourceRecord(id, protocol, urls.stream().map(URI::toString).collect(Collectors.toList()), schedule,
                politeness, approved, contact);
    }
}
