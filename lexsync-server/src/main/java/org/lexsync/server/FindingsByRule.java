package org.lexsync.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;

/**
 * The spec findings of the last runs grouped by rule, and the item failures held now grouped by reason, of one source
 * or of all (issue 33, "Findings and failures by rule"): what keeps going wrong, how often, where, with a few examples
 * each. The dashboard's {@code /findings} page and {@code GET /api/findings} show the same groups. The findings are
 * read in one pass over the last runs' rows, keeping counts and at most {@value #EXAMPLES} examples per group.
 */
public final class FindingsByRule {
    /** Runs looked at when the request names no number. */
    public static final int DEFAULT_RUNS = 20;
    /** The most runs one request may look at. */
    public static final int MAX_RUNS = 1_000;
    /** Examples kept per rule or reason. */
    public static final int EXAMPLES = 5;

    private FindingsByRule() {
    }

    /** One finding shown as an example: the run and source it came from, where, and what. */
    public record Example(String source, long run, @Nullable String uri, int line, int column, String message) {
    }

    /** A rule's findings in the runs looked at: severity, how many, in how many runs, per source, examples. */
    public record RuleGroup(String rule, String severity, long count, long runs, Map<String, Long> sources,
                            List<Example> examples) {
    }

    /** An item failure shown as an example: its source and resource (its document page), URL and message. */
    public record FailureExample(String source, String uri, @Nullable String url, String message, boolean quarantined) {
    }

    /** The item failures held now for one reason: how many, how many quarantined, per source, examples. */
    public record ReasonGroup(String reason, long count, long quarantined, Map<String, Long> sources,
                              List<FailureExample> examples) {
    }

    /** Everything the page and the API show: the runs looked at, the rule groups (most first), the reason groups. */
    public record Report(@Nullable String source, int runsAsked, int runsRead, List<RuleGroup> rules,
                         List<ReasonGroup> failures) {
    }

    /**
     * The number of runs from a request's {@code runs} parameter: {@value #DEFAULT_RUNS} when absent, else a whole
     * number from 1 to {@value #MAX_RUNS}, refused with a 400 naming the parameter otherwise.
     */
    public static int runs(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT_RUNS;
        }
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= 1 && n <= MAX_RUNS) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw ApiError.badRequest("query parameter runs must be a whole number from 1 to " + MAX_RUNS + ", was '"
                + text + "'");
    }

    /** The report of the last {@code runs} runs of {@code source} (all sources when null). */
    public static Report read(LexSync lexsync, @Nullable String source, int runs) {
        Map<Long, String> sourceOfRun = new HashMap<>();
        for (RunRecord r : lexsync.store().runs(source, runs)) {
            sourceOfRun.put(r.id(), r.sourceId());
        }
        Map<String, Building> byRule = new LinkedHashMap<>();
        lexsync.store().findingsOfLatestRuns(source, runs, f -> {
            String from = sourceOfRun.getOrDefault(f.runId(), "?");
            byRule.computeIfAbsent(f.finding().rule(), k -> new Building(f)).add(f, from);
        });
        List<RuleGroup> rules = new ArrayList<>();
        byRule.forEach((rule, b) -> rules.add(new RuleGroup(rule, b.severity, b.count, b.runs.size(),
                sorted(b.sources), List.copyOf(b.examples))));
        rules.sort(Comparator.comparingLong((RuleGroup g) -> -g.count()).thenComparing(RuleGroup::rule));
        return new Report(source, runs, sourceOfRun.size(), rules, failures(lexsync.store().failures(source)));
    }

    private static List<ReasonGroup> failures(List<ItemFailure> failures) {
        Map<String, List<ItemFailure>> byReason = new TreeMap<>();
        for (ItemFailure f : failures) {
            byReason.computeIfAbsent(f.reason(), k -> new ArrayList<>()).add(f);
        }
        List<ReasonGroup> out = new ArrayList<>();
        byReason.forEach((reason, list) -> {
            Map<String, Long> sources = new HashMap<>();
            list.forEach(f -> sources.merge(f.sourceId(), 1L, Long::sum));
            out.add(new ReasonGroup(reason, list.size(), list.stream().filter(ItemFailure::quarantined).count(),
                    sorted(sources), list.stream().limit(EXAMPLES).map(f -> new FailureExample(f.sourceId(),
                            f.resourceUri(), f.url(), f.message() == null ? "" : f.message(), f.quarantined()))
                    .toList()));
        });
        out.sort(Comparator.comparingLong((ReasonGroup g) -> -g.count()).thenComparing(ReasonGroup::reason));
        return out;
    }

    private static Map<String, Long> sorted(Map<String, Long> counts) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** A rule group while the findings are read. */
    private static final class Building {
        final String severity;
        long count;
        final java.util.Set<Long> runs = new java.util.HashSet<>();
        final Map<String, Long> sources = new HashMap<>();
        final List<Example> examples = new ArrayList<>();

        Building(RunFinding first) {
            severity = first.finding().severity().name().toLowerCase(Locale.ROOT);
        }

        void add(RunFinding f, String source) {
            count++;
            runs.add(f.runId());
            sources.merge(source, 1L, Long::sum);
            if (examples.size() < EXAMPLES) {
                examples.add(new Example(source, f.runId(), f.resourceUri(), f.finding().line(), f.finding().column(),
                        f.finding().message()));
            }
        }
    }
}
