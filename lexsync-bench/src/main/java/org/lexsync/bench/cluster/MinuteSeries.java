package org.lexsync.bench.cluster;

import org.lexsync.bench.CompilerCpu;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line a minute from the nodes' start to the window's end for {@link ScheduledClusterBenchmark}'s {@code --series}:
 * the checks started in that minute (all nodes) and the nodes' CPU in it, with and without their JIT compiler threads.
 * It shows what a fixed window cannot: how long each JVM's warm-up lasts when a node of N runs a check's code N times
 * less often, what it cost in all (the CPU over a lone node's per-check rate), and whether the nodes' cost per check
 * levels out at all.
 */
final class MinuteSeries {
    private final List<NodeProcess> nodes;
    private final List<CompilerCpu> jit = new ArrayList<>();
    private final Instant begun;
    private final PrintStream out;
    private Duration cpuBefore = Duration.ZERO;
    private Duration jitBefore = Duration.ZERO;
    private int minute;
    private Instant nextSample = Instant.EPOCH;

    MinuteSeries(List<NodeProcess> nodes, Instant begun, PrintStream out) {
        this.nodes = nodes;
        this.begun = begun;
        this.out = out;
        nodes.forEach(n -> jit.add(new CompilerCpu(n.pid())));
        out.println("minute since the nodes' start | checks started | CPU s (all nodes) | of which JIT | CPU s per 1,000"
                + " checks without JIT");
    }

    /** Prints the lines of every minute that ended by now; {@code dbs} count the runs started in each. */
    void printDue(List<Connection> dbs) throws SQLException {
        if (!Instant.now().isBefore(nextSample)) {
            // every 5 s, so that a compiler thread that ends between two minutes is mostly counted, without reading
            // every node's threads from /proc at each of the caller's 200 ms turns
            jit.forEach(CompilerCpu::sample);
            nextSample = Instant.now().plusSeconds(5);
        }
        while (!Instant.now().isBefore(begun.plus(Duration.ofMinutes(minute + 1L)))) {
            minute++;
            jit.forEach(CompilerCpu::sample);
            Duration cpu = nodes.stream().map(NodeProcess::cpu).reduce(Duration.ZERO, Duration::plus);
            Duration compiled = jit.stream().map(CompilerCpu::used).reduce(Duration.ZERO, Duration::plus);
            long checks = 0;
            for (Connection db : dbs) {
                checks += checksStarted(db, begun.plus(Duration.ofMinutes(minute - 1L)),
                        begun.plus(Duration.ofMinutes(minute)));
            }
            double all = cpu.minus(cpuBefore).toMillis() / 1000.0;
            double inJit = compiled.minus(jitBefore).toMillis() / 1000.0;
            out.printf(Locale.ROOT, "%d | %d | %.2f | %.2f | %s%n", minute, checks, all, inJit,
                    checks == 0 ? "-" : String.format(Locale.ROOT, "%.2f", (all - inJit) * 1000 / checks));
            cpuBefore = cpu;
            jitBefore = compiled;
        }
    }

    private static long checksStarted(Connection db, Instant from, Instant to) throws SQLException {
        // runs.started_at is ISO-8601 text in UTC: text order is time order to within the second ("05Z" sorts after
        // "05.5Z"), plenty for a count per minute
        try (PreparedStatement st = db.prepareStatement("SELECT count(*) FROM runs WHERE started_at >= ? AND started_at < ?")) {
            st.setString(1, from.toString());
            st.setString(2, to.toString());
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            } catch (SQLException noSchemaYet) {
                return 0;
            }
        }
    }
}
