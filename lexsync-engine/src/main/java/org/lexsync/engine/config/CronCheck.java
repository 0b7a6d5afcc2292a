package org.lexsync.engine.config;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Tells whether a six-field cron schedule (second minute hour day-of-month month day-of-week, UTC as the server plans
 * it) fires within {@link #HORIZON}, so that a schedule that can never fire ({@code 0 0 0 30 2 *}) or has a value out
 * of range ({@code 0 0 25 * * *}) is refused where it is written instead of leaving a source that never runs. Values,
 * ranges, steps, lists, {@code *}, {@code ?} and month and day names are checked; a day field using {@code L},
 * {@code W} or {@code #} is taken as able to fire. When both day fields are restricted, a day matching either counts
 * (so a schedule is refused only when no reading of it can fire).
 */
final class CronCheck {
    /** A schedule whose next run is further away than this is refused. */
    static final Duration HORIZON = Duration.ofDays(366);

    private static final String[] NAMES = {"second", "minute", "hour", "day-of-month", "month", "day-of-week"};
    private static final int[] MIN = {0, 0, 0, 1, 1, 0};
    private static final int[] MAX = {59, 59, 23, 31, 12, 7};
    private static final Map<String, Integer> MONTHS = Map.ofEntries(Map.entry("JAN", 1), Map.entry("FEB", 2),
            Map.entry("MAR", 3), Map.entry("APR", 4), Map.entry("MAY", 5), Map.entry("JUN", 6), Map.entry("JUL", 7),
            Map.entry("AUG", 8), Map.entry("SEP", 9), Map.entry("OCT", 10), Map.entry("NOV", 11),
            Map.entry("DEC", 12));
    private static final Map<String, Integer> DAYS = Map.of("SUN", 0, "MON", 1, "TUE", 2, "WED", 3, "THU", 4,
            "FRI", 5, "SAT", 6);

    private CronCheck() {
    }

    /**
     * Checks {@code cron} (six fields, as {@code SourceSchedule.parse} gives it) against {@code now}.
     *
     * @throws IllegalArgumentException naming the field and value out of range, or saying that it never fires within
     *                                  a year
     */
    static void check(String cron, ZonedDateTime now) {
        String[] fields = cron.strip().split("\\s+");
        if (fields.length != 6) {
            throw new IllegalArgumentException("a cron schedule has six fields, '" + cron + "' has " + fields.length);
        }
        BitSet[] sets = new BitSet[6];
        for (int i = 0; i < 6; i++) {
            sets[i] = special(i, fields[i]) ? null : field(i, fields[i]);
        }
        if (nextDay(fields, sets, now.withZoneSameInstant(ZoneOffset.UTC).toLocalDate()).isEmpty()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "'%s' never fires within a year (day %s of"
                    + " month %s does not occur%s): the source would never run", cron, fields[3], fields[4],
                    restricted(fields[5]) ? " on day-of-week " + fields[5] : ""));
        }
    }

    /** The first day from {@code from} within the horizon on which the schedule fires; empty when none. */
    private static Optional<LocalDate> nextDay(String[] fields, BitSet[] sets, LocalDate from) {
        BitSet months = sets[4];
        BitSet dom = sets[3];
        BitSet dow = sets[5];
        boolean domRestricted = restricted(fields[3]);
        boolean dowRestricted = restricted(fields[5]);
        for (LocalDate d = from; !d.isAfter(from.plusDays(HORIZON.toDays())); d = d.plusDays(1)) {
            if (months != null && !months.get(d.getMonthValue())) {
                continue;
            }
            boolean domOk = dom == null || dom.get(d.getDayOfMonth());
            boolean dowOk = dow == null || dow.get(d.getDayOfWeek().getValue() % 7);
            boolean fires = domRestricted && dowRestricted ? domOk || dowOk
                    : domRestricted ? domOk : !dowRestricted || dowOk;
            if (fires) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    private static boolean restricted(String field) {
        return !field.equals("*") && !field.equals("?");
    }

    /** A day field with {@code L}, {@code W} or {@code #}: not evaluated here (taken as able to fire). */
    private static boolean special(int index, String field) {
        return (index == 3 || index == 5)
                && field.toUpperCase(Locale.ROOT).replace("WED", "").matches(".*[LW#].*");
    }

    private static BitSet field(int index, String text) {
        BitSet set = new BitSet(MAX[index] + 1);
        for (String part : text.split(",", -1)) {
            int step = 1;
            String range = part;
            int slash = part.indexOf('/');
            if (slash >= 0) {
                step = number(index, part.substring(slash + 1), text);
                if (step < 1) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "%s field '%s': a step must be at"
                            + " least 1", NAMES[index], text));
                }
                range = part.substring(0, slash);
            }
            int from;
            int to;
            if (range.equals("*") || range.equals("?")) {
                from = MIN[index];
                to = MAX[index];
            } else {
                int dash = range.indexOf('-', 1);
                from = value(index, dash < 0 ? range : range.substring(0, dash), text);
                to = dash < 0 ? (slash >= 0 ? MAX[index] : from) : value(index, range.substring(dash + 1), text);
            }
            int span = to >= from ? to - from : to + (MAX[index] - MIN[index] + 1) - from;
            for (int k = 0; k <= span; k += step) {
                int v = from + k;
                set.set(v > MAX[index] ? v - (MAX[index] - MIN[index] + 1) : v);
            }
        }
        if (index == 5 && set.get(7)) {
            set.set(0); // 7 is Sunday too
        }
        return set;
    }

    private static int value(int index, String text, String whole) {
        String upper = text.toUpperCase(Locale.ROOT);
        Integer named = index == 4 ? MONTHS.get(upper) : index == 5 ? DAYS.get(upper) : null;
        int v = named != null ? named : number(index, text, whole);
        if (v < MIN[index] || v > MAX[index]) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s field '%s': %d is out of range %d-%d",
                    NAMES[index], whole, v, MIN[index], MAX[index]));
        }
        return v;
    }

    private static int number(int index, String text, String whole) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s field '%s': '%s' is not a number%s",
                    NAMES[index], whole, text, index == 4 ? " or month name" : index == 5 ? " or day name" : ""));
        }
    }
}
