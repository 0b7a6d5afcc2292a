package org.lexsync.server.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.lexsync.server.SourceHealth;
import org.lexsync.server.SourceStatus;

/**
 * What the operator asked the overview for, from its query parameters, so that sorting and filtering work without a
 * script: {@code protocol}, {@code health} and {@code host} keep the sources with exactly that value, {@code q} those
 * whose id, host, health reason or last error contains the text (case ignored); {@code sort} names a column and
 * {@code order} is {@code asc} or {@code desc}. An unknown sort key or order falls back to the default (the order of
 * the configuration file) rather than refusing: a stale bookmark still shows the sources.
 */
record OverviewQuery(@Nullable String protocol, @Nullable String health, @Nullable String host, @Nullable String text,
                     @Nullable String sort, boolean descending) {
    /** The columns the overview sorts by, with their labels. */
    static final Map<String, String> SORTS = new java.util.LinkedHashMap<>();

    static {
        SORTS.put("health", "health");
        SORTS.put("source", "source");
        SORTS.put("protocol", "protocol");
        SORTS.put("success", "last success");
        SORTS.put("lag", "source lag");
        SORTS.put("next", "state, next run");
        SORTS.put("held", "resources");
        SORTS.put("changes", "changes, 24 h");
        SORTS.put("failures", "open failures");
    }

    static final OverviewQuery ALL = new OverviewQuery(null, null, null, null, null, false);

    /** The query from the request's parameters ({@code param} returns null for an absent one). */
    static OverviewQuery of(Function<String, @Nullable String> param) {
        String sort = blankToNull(param.apply("sort"));
        return new OverviewQuery(blankToNull(param.apply("protocol")), blankToNull(param.apply("health")),
                blankToNull(param.apply("host")), blankToNull(param.apply("q")),
                sort != null && SORTS.containsKey(sort) ? sort : null, "desc".equals(param.apply("order")));
    }

    private static @Nullable String blankToNull(@Nullable String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** True when some filter is set. */
    boolean filtered() {
        return protocol != null || health != null || host != null || text != null;
    }

    /** The sources this query keeps, in its order; {@code changes} gives a source's changes in the last 24 hours. */
    List<SourceStatus> apply(List<SourceStatus> sources, Function<String, Long> changes, Instant now) {
        String needle = text == null ? null : text.toLowerCase(Locale.ROOT);
        List<SourceStatus> kept = sources.stream()
                .filter(s -> protocol == null || s.protocol().equals(protocol))
                .filter(s -> health == null || s.health().token().equals(health))
                .filter(s -> host == null || s.host().equalsIgnoreCase(host))
                .filter(s -> needle == null || matches(s, needle))
                .toList();
        Comparator<SourceStatus> order = comparator(changes, now);
        if (order == null) {
            return kept;
        }
        return kept.stream().sorted(descending ? order.reversed() : order).toList();
    }

    private static boolean matches(SourceStatus s, String needle) {
        return contains(s.id(), needle) || contains(s.host(), needle) || contains(s.reason(), needle)
                || s.lastFailure() != null && contains(s.lastFailure().error(), needle);
    }

    private static boolean contains(@Nullable String value, String needle) {
        return value != null && value.toLowerCase(Locale.ROOT).contains(needle);
    }

    private @Nullable Comparator<SourceStatus> comparator(Function<String, Long> changes, Instant now) {
        if (sort == null) {
            return null;
        }
        Comparator<SourceStatus> byId = Comparator.comparing(SourceStatus::id);
        Comparator<SourceStatus> key = switch (sort) {
            // the worst first when ascending: what needs the operator comes to the top
            case "health" -> Comparator.comparingInt(s -> severity(s.health()));
            case "source" -> byId;
            case "protocol" -> Comparator.comparing(SourceStatus::protocol);
            case "success" -> Comparator.comparing((SourceStatus s) -> s.lastSuccess(),
                    Comparator.nullsFirst(Comparator.naturalOrder()));
            case "lag" -> Comparator.comparing((SourceStatus s) -> s.sourceLag(now),
                    Comparator.nullsLast(Comparator.<Duration>naturalOrder()));
            case "next" -> Comparator.comparing((SourceStatus s) -> s.activity() == null ? null : s.activity().nextRun(),
                    Comparator.nullsLast(Comparator.naturalOrder()));
            case "held" -> Comparator.comparingLong(SourceStatus::resourcesHeld);
            case "changes" -> Comparator.comparingLong(s -> changes.apply(s.id()));
            case "failures" -> Comparator.comparingLong(SourceStatus::openFailures);
            default -> null;
        };
        return key == null ? null : key.thenComparing(byId);
    }

    /** Failing first, then stale, warning, new, paused, ok. */
    static int severity(SourceHealth h) {
        return switch (h) {
            case FAILING -> 0;
            case STALE -> 1;
            case WARNING -> 2;
            case NEW -> 3;
            case PAUSED -> 4;
            case OK -> 5;
        };
    }

    /** The overview's URL with this query's filters and the sort {@code key} in {@code order}. */
    String sortedBy(String key, boolean desc) {
        StringBuilder b = new StringBuilder("/?sort=").append(key).append("&order=").append(desc ? "desc" : "asc");
        append(b, "protocol", protocol);
        append(b, "health", health);
        append(b, "host", host);
        append(b, "q", text);
        return b.toString();
    }

    private static void append(StringBuilder b, String name, @Nullable String value) {
        if (value != null) {
            b.append('&').append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }
}
