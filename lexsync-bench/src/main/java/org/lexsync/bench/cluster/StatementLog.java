package org.lexsync.bench.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Breaks a window's PostgreSQL transactions down by what they do, from the server's log of one database written with
 * {@code log_statement = 'all'} (pg_stat_statements is not loaded on the benchmark machine). A transaction is an
 * explicit {@code BEGIN … COMMIT} or one statement outside a block (autocommit); it is named by its statements,
 * literals and parameters dropped, so that "lease take + run insert" and "scheduler poll" count as kinds. Needs a log
 * line prefix starting {@code %m [%p] %q%u@%d} (the Debian default here).
 */
final class StatementLog {
    private static final Pattern LINE = Pattern.compile(
            "^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) UTC \\[(\\d+)] \\S*@(\\S+) LOG:  (?:execute [^:]*|statement): (.*)$");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);
    private static final Pattern LITERALS = Pattern.compile("'[^']*'|\\b\\d+\\b|\\$\\d+");

    private final Map<String, Long> transactions = new HashMap<>();
    private final Map<String, Long> statements = new HashMap<>();
    private long total;

    private StatementLog() {
    }

    /** Reads {@code log} for {@code database}'s statements logged from {@code start} (inclusive) to {@code end}. */
    static StatementLog read(Path log, String database, Instant start, Instant end) throws IOException {
        StatementLog s = new StatementLog();
        Map<String, StringBuilder> open = new HashMap<>();
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                Matcher m = LINE.matcher(line);
                if (!m.matches() || !m.group(3).equals(database)) {
                    continue;
                }
                Instant at = LocalDateTime.parse(m.group(1), STAMP).toInstant(ZoneOffset.UTC);
                if (at.isBefore(start) || !at.isBefore(end)) {
                    continue;
                }
                String pid = m.group(2);
                String sql = shape(m.group(4));
                s.statements.merge(sql, 1L, Long::sum);
                StringBuilder tx = open.get(pid);
                if (sql.equals("BEGIN")) {
                    open.put(pid, new StringBuilder());
                } else if (sql.equals("COMMIT") || sql.equals("ROLLBACK")) {
                    if (tx != null) {
                        s.count(tx.length() == 0 ? "(empty)" : tx.toString());
                        open.remove(pid);
                    }
                } else if (tx != null) {
                    if (tx.length() > 0) {
                        tx.append(" ; ");
                    }
                    tx.append(sql);
                } else {
                    s.count(sql);
                }
            }
        }
        return s;
    }

    private void count(String kind) {
        transactions.merge(kind, 1L, Long::sum);
        total++;
    }

    /** A statement's first 90 characters, literals and parameters replaced by {@code ?}. */
    private static String shape(String sql) {
        String s = LITERALS.matcher(sql.strip()).replaceAll("?").replaceAll("\\s+", " ");
        return s.length() > 90 ? s.substring(0, 90) + "…" : s;
    }

    /** Prints the transactions (and statements) per check by kind, most frequent first, down to 0.05 per check. */
    void print(long checks) {
        System.out.printf(Locale.ROOT, "statement log: %d transactions = %.2f per check%n", total,
                checks == 0 ? 0.0 : (double) total / checks);
        printTop("transactions per check by kind", transactions, checks);
        printTop("statements per check", statements, checks);
    }

    private static void printTop(String title, Map<String, Long> counts, long checks) {
        System.out.println(title + ":");
        List<Map.Entry<String, Long>> sorted = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).toList();
        for (Map.Entry<String, Long> e : sorted) {
            double perCheck = checks == 0 ? e.getValue() : (double) e.getValue() / checks;
            if (checks > 0 && perCheck < 0.05) {
                break;
            }
            System.out.printf(Locale.ROOT, "  %7.2f  %s%n", perCheck, e.getKey());
        }
    }
}
