package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.HourlyChanges;

/**
 * The SVG chart of changes collected per hour per source over the last days (docs/architecture.md, "Dashboard and
 * metrics"): stacked bars, one per hour, from the journal's rows counted by collection time
 * ({@code LexSync.store().changesPerHour}). The seven busiest sources get a colour each, the rest are stacked as "other".
 * The chart spans the hours the store has data for, at least {@value #MIN_HOURS} and at most {@value #HOURS}, in a
 * plot of constant width: a fresh store is not a sliver at the edge of three empty days.
 */
final class ChangesChart {
    static final int HOURS = 72;
    static final int MIN_HOURS = 6;
    private static final int PLOT = 720;
    private static final int SHOWN = 7;
    private static final String[] COLOURS = {"#3467c4", "#2e9d4a", "#e0a100", "#8e44ad", "#d0312d", "#16a2b8",
            "#b5651d"};
    private static final String OTHER_COLOUR = "#9aa3ad";
    private static final int HEIGHT = 160;
    private static final int LEFT = 48;
    private static final int TOP = 10;

    private ChangesChart() {
    }

    /** The first hour the chart can show when it is drawn at {@code now} ({@value #HOURS} hours back). */
    static Instant start(Instant now) {
        return now.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1)).minus(Duration.ofHours(HOURS));
    }

    /**
     * How many hours the chart spans at {@code now} when the store's first change was collected at {@code first}
     * (null: none yet): from that hour to now, within {@value #MIN_HOURS} to {@value #HOURS}.
     */
    static int hours(@Nullable Instant first, Instant now) {
        if (first == null) {
            return MIN_HOURS;
        }
        long held = Duration.between(first.truncatedTo(ChronoUnit.HOURS), now.truncatedTo(ChronoUnit.HOURS)).toHours()
                + 1;
        return (int) Math.max(MIN_HOURS, Math.min(HOURS, held));
    }

    /**
     * The chart of {@code counts} up to {@code now}, over the hours the store has data for ({@link #hours}: the
     * store's first change was collected at {@code first}, null when it holds none).
     */
    static void render(Html h, List<HourlyChanges> counts, Instant now, @Nullable Instant first) {
        int hours = hours(first, now);
        Instant start = now.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1)).minus(Duration.ofHours(hours));
        Instant end = start.plus(Duration.ofHours(hours));
        double bar = (double) PLOT / hours;
        Map<String, long[]> perSource = new LinkedHashMap<>();
        for (HourlyChanges c : counts) {
            if (c.hour().isBefore(start) || !c.hour().isBefore(end) || c.changes() == 0) {
                continue;
            }
            int hour = (int) Duration.between(start, c.hour()).toHours();
            perSource.computeIfAbsent(c.sourceId(), k -> new long[hours])[hour] += c.changes();
        }
        List<Map.Entry<String, long[]>> ranked = new ArrayList<>(perSource.entrySet());
        ranked.sort(Comparator.comparingLong((Map.Entry<String, long[]> e) -> -sum(e.getValue()))
                .thenComparing(Map.Entry::getKey));
        List<String> names = new ArrayList<>();
        List<long[]> series = new ArrayList<>();
        long[] other = new long[hours];
        for (int i = 0; i < ranked.size(); i++) {
            if (i < SHOWN) {
                names.add(ranked.get(i).getKey());
                series.add(ranked.get(i).getValue());
            } else {
                long[] v = ranked.get(i).getValue();
                for (int k = 0; k < hours; k++) {
                    other[k] += v[k];
                }
            }
        }
        if (ranked.size() > SHOWN) {
            names.add("other (" + (ranked.size() - SHOWN) + " sources)");
            series.add(other);
        }
        long max = 1;
        for (int k = 0; k < hours; k++) {
            long total = 0;
            for (long[] s : series) {
                total += s[k];
            }
            max = Math.max(max, total);
        }
        int width = LEFT + PLOT + 10;
        int height = TOP + HEIGHT + 30;
        h.raw("<svg id=\"changes-chart\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\"")
                .attr("width", width).attr("height", height).attr("viewBox", "0 0 " + width + " " + height)
                .raw("><title>").format("Changes collected per hour, last %d hours (most %d in one hour)", hours, max)
                .raw("</title>");
        h.raw("<rect").attr("x", LEFT).attr("y", TOP).attr("width", PLOT).attr("height", HEIGHT)
                .raw(" fill=\"#fff\" stroke=\"#d5d9de\"/>");
        h.raw("<text").attr("x", LEFT - 4).attr("y", TOP + 8).raw(" text-anchor=\"end\">").text(Formats.count(max))
                .raw("</text><text").attr("x", LEFT - 4).attr("y", TOP + HEIGHT).raw(" text-anchor=\"end\">0</text>");
        int labelEvery = Math.max(1, hours / 6);
        for (int k = 0; k < hours; k++) {
            double y = TOP + HEIGHT;
            for (int s = 0; s < series.size(); s++) {
                long v = series.get(s)[k];
                if (v == 0) {
                    continue;
                }
                double tall = (double) v * HEIGHT / max;
                y -= tall;
                h.raw("<rect").attr("x", String.format(Locale.ROOT, "%.1f", LEFT + k * bar + 1))
                        .attr("y", String.format(Locale.ROOT, "%.1f", y))
                        .attr("width", String.format(Locale.ROOT, "%.1f", Math.max(1, bar - 2)))
                        .attr("height", String.format(Locale.ROOT, "%.1f", tall))
                        .attr("fill", s < SHOWN ? COLOURS[s] : OTHER_COLOUR).raw("><title>")
                        .text(names.get(s)).format(": %d changes, hour from %s", v,
                                Formats.time(start.plus(Duration.ofHours(k)))).raw("</title></rect>");
            }
            if (k % labelEvery == 0) {
                Instant t = start.plus(Duration.ofHours(k));
                h.raw("<text").attr("x", String.format(Locale.ROOT, "%.1f", LEFT + k * bar)).attr("y", TOP + HEIGHT + 14).raw(">")
                        .text(Formats.time(t).substring(5, 13) + "h").raw("</text>");
            }
        }
        h.raw("</svg>");
        if (names.isEmpty()) {
            h.raw("<p class=\"muted\">No changes collected in the last ").text(hours).raw(" hours.</p>");
            return;
        }
        h.raw("<p class=\"legend\">");
        for (int s = 0; s < names.size(); s++) {
            h.raw("<span><span").attr("class", "dot " + (s < SHOWN ? "s" + s : "other")).raw("></span>")
                    .text(names.get(s)).raw(" (")
                    .text(Formats.count(sum(series.get(s)))).raw(")</span>");
        }
        h.raw("</p>");
    }

    private static long sum(long[] v) {
        long n = 0;
        for (long x : v) {
            n += x;
        }
        return n;
    }
}
