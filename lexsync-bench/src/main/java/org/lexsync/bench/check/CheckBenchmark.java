package org.lexsync.bench.check;

import org.lexsync.engine.Checks;
import java.time.Duration;
import java.util.Locale;
import org.lexsync.bench.HeapPeaks;
import org.lexsync.bench.fixture.FixtureProcess;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;

/**
 * Issue 19's benchmark: {@code lexsync check eli} of a Sitemap Index of N ELIs in Sitemaps of P entries (every second
 * one gzipped) plus the update feed, without page sampling and without a store, against the fixture publisher in a
 * JVM of its own on loopback. Prints entries/s (all entries read: index, Sitemaps and feed) and ELIs/s (Sitemap
 * entries), and the peak heap of this JVM; run with {@code -Xmx256m} to hold the target.
 *
 * <pre>java -Xmx256m -cp lexsync-bench/target/benchmarks.jar org.lexsync.bench.check.CheckBenchmark \
 *     [--acts 200000] [--per-sitemap 50000] [--rounds 3]</pre>
 */
public final class CheckBenchmark {
    private CheckBenchmark() {
    }

    /** CPU time of this JVM so far, in nanoseconds. */
    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        int acts = 200_000;
        int perSitemap = 50_000;
        int rounds = 3;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--acts" -> acts = Integer.parseInt(args[i + 1]);
                case "--per-sitemap" -> perSitemap = Integer.parseInt(args[i + 1]);
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        try (FixtureProcess pub = FixtureProcess.startEli(acts, perSitemap)) {
            String sitemap = pub.baseUri().resolve("/eli/sitemap.xml").toString();
            CheckRequest request = CheckRequest.of(CheckProtocol.ELI, sitemap).withSample(0).withDelay(Duration.ZERO)
                    .withMaxEntries(10_000_000);
            for (int round = 0; round <= rounds; round++) {   // round 0 warms the JIT and the publisher's caches
                System.gc();
                HeapPeaks.reset();
                long cpu0 = cpu();
                java.time.Duration pubCpu0 = pub.cpu();
                long t0 = System.nanoTime();
                CheckReport report = Checks.withoutStore(request, "bench");
                double seconds = (System.nanoTime() - t0) / 1e9;
                long heap = HeapPeaks.heap();
                double clientCpu = (cpu() - cpu0) / 1e9;
                double publisherCpu = pub.cpu().minus(pubCpu0).toMillis() / 1e3;
                System.out.printf(Locale.ROOT, "%s: %d documents, %d entries in %.2f s = %,.0f entries/s, "
                                + "%,.0f ELIs/s; client CPU %.2f s (%,.0f entries per CPU s), publisher CPU %.2f s; "
                                + "peak heap %d MB; errors %s%n", round == 0 ? "warm-up" : "round " + round,
                        report.summary().documentsRead(), report.summary().entries(), seconds,
                        report.summary().entries() / seconds, acts / seconds, clientCpu,
                        report.summary().entries() / clientCpu, publisherCpu, heap >> 20,
                        report.broken().stream().filter(r -> r.severity() == org.lexsync.core.findings.Severity.ERROR)
                                .map(CheckRuleResult::rule).toList());
            }
            System.out.printf(Locale.ROOT, "peak RSS %d MB%n", HeapPeaks.rssKb() >> 10);
        }
    }
}
