package org.lexsync.bench.serve;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Runs Debian's {@code wrk} against one URL and reads its report: requests/s, latency percentiles ({@code --latency})
 * and the count of answers that were not 2xx/3xx.
 */
final class Wrk {
    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern REQUESTS = Pattern.compile("([0-9]+) requests in");
    private static final Pattern TRANSFER = Pattern.compile("Transfer/sec:\\s+([0-9.]+)([KMG]?B)");
    private static final Pattern NON2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+([0-9]+)");
    private static final Pattern SOCKET = Pattern.compile("Socket errors:(.*)");

    private final int threads;
    private final int connections;
    private final int seconds;

    Wrk(int threads, int connections, int seconds) {
        this.threads = threads;
        this.connections = connections;
        this.seconds = seconds;
    }

    /** What one run measured; latencies in milliseconds. */
    record Result(double requestsPerSecond, long requests, double p50, double p99, double megabytesPerSecond,
                  long non2xx, String socketErrors) {
    }

    static boolean installed() {
        return ServeBenchmark.onPath("wrk");
    }

    String command(URI url, @Nullable String header) {
        return String.join(" ", args(url, header, seconds));
    }

    private List<String> args(URI url, @Nullable String header, int duration) {
        List<String> cmd = new ArrayList<>(List.of("wrk", "-t" + threads, "-c" + connections, "-d" + duration + "s",
                "--timeout", "10s", "--latency"));
        if (header != null) {
            cmd.add("-H");
            cmd.add(header);
        }
        cmd.add(url.toString());
        return cmd;
    }

    /** A short run to warm the server (JIT, caches); its result is dropped. */
    void warm(URI url, @Nullable String header, int duration) throws IOException, InterruptedException {
        run(args(url, header, duration));
    }

    Result run(URI url, @Nullable String header) throws IOException, InterruptedException {
        return parse(run(args(url, header, seconds)));
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("wrk failed: " + out);
        }
        return out;
    }

    static Result parse(String out) {
        Matcher rps = RPS.matcher(out);
        if (!rps.find()) {
            throw new IllegalStateException("no Requests/sec in wrk's report: " + out);
        }
        Matcher req = REQUESTS.matcher(out);
        Matcher tr = TRANSFER.matcher(out);
        double mb = 0;
        if (tr.find()) {
            double v = Double.parseDouble(tr.group(1));
            mb = switch (tr.group(2)) {
                case "GB" -> v * 1024;
                case "MB" -> v;
                case "KB" -> v / 1024;
                default -> v / (1024 * 1024);
            };
        }
        Matcher non = NON2XX.matcher(out);
        Matcher sock = SOCKET.matcher(out);
        return new Result(Double.parseDouble(rps.group(1)), req.find() ? Long.parseLong(req.group(1)) : 0,
                percentile(out, "50%"), percentile(out, "99%"), mb, non.find() ? Long.parseLong(non.group(1)) : 0,
                sock.find() ? sock.group(1).strip() : "");
    }

    /** A line of the latency distribution, e.g. {@code 99%    4.21ms}, in milliseconds. */
    private static double percentile(String out, String label) {
        Matcher m = Pattern.compile("\\n\\s*" + Pattern.quote(label) + "\\s+([0-9.]+)(us|ms|s)").matcher(out);
        if (!m.find()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "us" -> v / 1000;
            case "s" -> v * 1000;
            default -> v;
        };
    }
}
