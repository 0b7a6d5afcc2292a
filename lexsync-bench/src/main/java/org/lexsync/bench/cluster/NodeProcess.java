package org.lexsync.bench.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One {@code lexsync serve} node as a real process for the issue-32 harnesses: the command line's jar and its
 * {@code lib/} (as {@code ./lexsync} runs it, with its JVM flags for {@code serve} and, when the directory holds one,
 * its ahead-of-time cache for {@code serve}, {@value #SERVE_CACHE}), its own data directory and log, the cluster's
 * environment; stopped with SIGKILL ({@link #kill()}) or SIGTERM ({@link #close()}).
 */
public final class NodeProcess implements AutoCloseable {
    /** The JVM flags the {@code lexsync} launcher gives {@code serve} (keep the two equal; docs/deploying.md). */
    public static final List<String> SERVE_FLAGS = List.of("-XX:CompileThresholdScaling=0.02", "-XX:+UseSerialGC");
    /**
     * The launcher's AOT cache for {@code serve} in the command line's directory (made from a recorded node's run, with
     * the same flags and class path); nodes run with it when it is there and newer than the jar.
     */
    public static final String SERVE_CACHE = "lexsync-serve.aot";

    private final Process process;

    private NodeProcess(Process process) {
        this.process = process;
    }

    /**
     * Starts {@code lexsync serve --store dataDir --config config --port 0} plus {@code extra} arguments, with
     * {@code env} added to this process's environment, output appended to {@code log}.
     */
    public static NodeProcess start(Path cliTarget, Path dataDir, Path config, Map<String, String> env, Path log,
                                    String heap, List<String> extra) throws IOException {
        return start(null, cliTarget, dataDir, config, env, log, heap, extra);
    }

    /**
     * As {@link #start(Path, Path, Path, Map, Path, String, List)}, but with a host name of its own when
     * {@code hostName} is not null: the node runs in a new UTS namespace ({@code unshare --uts}, as root), so the other
     * nodes take it for a node on another machine and cannot see its process end — a lease it held must expire.
     * The process id stays the node's own ({@code unshare} and the shell exec the JVM).
     */
    public static NodeProcess start(String hostName, Path cliTarget, Path dataDir, Path config,
                                    Map<String, String> env, Path log, String heap, List<String> extra)
            throws IOException {
        return start(hostName, cliTarget, dataDir, config, env, log, heap, SERVE_FLAGS, extra);
    }

    /** As {@link #start(String, Path, Path, Path, Map, Path, String, List)}, with {@code jvmFlags} instead of {@link #SERVE_FLAGS}. */
    public static NodeProcess start(String hostName, Path cliTarget, Path dataDir, Path config,
                                    Map<String, String> env, Path log, String heap, List<String> jvmFlags,
                                    List<String> extra) throws IOException {
        List<String> command = new ArrayList<>();
        if (hostName != null) {
            command.addAll(List.of("unshare", "--uts", "sh", "-c", "hostname \"$0\" && exec \"$@\"", hostName));
        }
        command.addAll(List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xmx" + heap));
        command.addAll(jvmFlags);
        if (currentServeCache(cliTarget) && jvmFlags.stream().noneMatch(f -> f.startsWith("-XX:AOTCache"))) {
            command.add("-XX:AOTCache=" + cliTarget.resolve(SERVE_CACHE));
        }
        command.addAll(List.of("-cp", cliTarget.resolve("lexsync-cli.jar") + java.io.File.pathSeparator + cliTarget.resolve("lib") + "/*",
                "org.lexsync.cli.Main", "serve", "--store", dataDir.toString(), "--config", config.toString(),
                "--port", "0"));
        command.addAll(extra);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        return new NodeProcess(builder.start());
    }

    /** True when {@code cliTarget} holds a serve cache made after its jar (the launcher remakes an older one). */
    public static boolean currentServeCache(Path cliTarget) throws IOException {
        Path cache = cliTarget.resolve(SERVE_CACHE);
        Path jar = cliTarget.resolve("lexsync-cli.jar");
        return java.nio.file.Files.isRegularFile(cache) && java.nio.file.Files.isRegularFile(jar)
                && java.nio.file.Files.getLastModifiedTime(cache).compareTo(java.nio.file.Files.getLastModifiedTime(jar)) > 0;
    }

    /** The node's process id, the first part of its node id ({@code pid@host}). */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** CPU time the process has used so far (its own accounting; zero when the platform does not say). */
    public java.time.Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(java.time.Duration.ZERO);
    }

    /** kill -9, and waits for the process to be gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, then SIGKILL after 20 s. */
    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            kill();
        }
    }
}
