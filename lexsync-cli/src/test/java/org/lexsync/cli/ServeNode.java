package org.lexsync.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One real {@code lexsync serve} process of a cluster test, in a JVM of its own with this test's class path (optionally
 * inside a network namespace): started, awaited until it listens, signalled (SIGKILL, SIGSTOP/SIGCONT, SIGTERM) and
 * started again with the same arguments. Every life appends to one log file, so a failure shows the node's whole story.
 */
final class ServeNode {
    private static final Pattern LISTENING = Pattern.compile("lexsync serve: listening on (http://\\S+/) ");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final List<String> prefix;
    private final List<String> jvm;
    private final List<String> args;
    private final Map<String, String> env;
    private final Path log;
    private Process process;
    private int lives;

    /**
     * A node named {@code name} run as {@code PREFIX java JVM… -cp … Main serve ARGS…} with {@code env} added to this
     * process's environment, its output appended to {@code log}.
     */
    ServeNode(String name, List<String> prefix, List<String> jvm, List<String> args, Map<String, String> env, Path log) {
        this.name = name;
        this.prefix = List.copyOf(prefix);
        this.jvm = List.copyOf(jvm);
        this.args = List.copyOf(args);
        this.env = Map.copyOf(env);
        this.log = log;
    }

    /** Starts a (new) life of the node; returns at once. */
    ServeNode start() throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Xmx256m");
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvm);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.add("serve");
        command.addAll(args);
        lives++;
        Files.writeString(log, String.format("%n==== %s, life %d%n", name, lives), StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        process = pb.start();
        return this;
    }

    /** Waits until this life prints where it listens; returns that address. */
    URI awaitListening(Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            String text = log();
            int life = text.lastIndexOf("==== " + name + ", life " + lives);
            Matcher m = LISTENING.matcher(text.substring(Math.max(life, 0)));
            if (m.find()) {
                return URI.create(m.group(1));
            }
            if (!process.isAlive()) {
                throw new AssertionError(name + " ended (exit " + process.exitValue() + ") before listening:\n" + text);
            }
            Thread.sleep(100);
        }
        throw new AssertionError(name + " did not listen within " + limit.toSeconds() + " s:\n" + log());
    }

    /** Sends {@code signal} (KILL, STOP, CONT, TERM) to the current life. */
    void signal(String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + signal + " " + process.pid() + " failed");
        }
    }

    /** SIGKILL and wait until the process is gone. */
    void kill() throws Exception {
        signal("KILL");
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM; true when it ended within {@code limit}, with exit code 0. */
    boolean stop(Duration limit) throws Exception {
        signal("TERM");
        return process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS) && process.exitValue() == 0;
    }

    /** Whatever is left running of it: SIGCONT (in case it is stopped), then SIGKILL. */
    void destroy() throws Exception {
        if (process != null && process.isAlive()) {
            signal("CONT");
            kill();
        }
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    String name() {
        return name;
    }

    /** The node's Prometheus text, or empty when it does not answer (dead, stopped, cut off). */
    String metrics(URI base) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(base.resolve("metrics"))
                    .timeout(Duration.ofSeconds(3)).build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Sum of a counter over its series in a Prometheus text (0 when absent). */
    static double counter(String metrics, String name) {
        double sum = 0;
        for (String line : metrics.split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
