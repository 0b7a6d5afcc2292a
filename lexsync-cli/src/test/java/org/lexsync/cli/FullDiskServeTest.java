package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

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
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.SmallDisk;
import org.lexsync.fixture.atom.AtomSource;

/**
 * Issue 28.3: a real {@code lexsync serve} whose store's disk fills up while it harvests answers {@code /readyz} 503
 * with the reason, logs each condition once when it starts and once when it clears — no stack traces from the
 * scheduler's threads — and is ready again once the disk has room.
 */
class FullDiskServeTest {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+/) ");
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path dir;

    @Test
    void aFullDiskIsNotReadyAndLoggedOncePerConditionWithoutStackTraces() throws Exception {
        SmallDisk disk = SmallDisk.mount(dir.resolve("store"), 48L * 1024 * 1024);
        if (!SmallDisk.inCi()) {
            assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
        }
        try (SmallDisk store = disk; FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            AtomSource feed = AtomSource.register(pub, "/feed", 5, 20_000).publishNew(3);
            Path config = dir.resolve("lexsync.yaml");
            Files.writeString(config, "sources:\n  - {id: feed, protocol: atom, url: '" + feed.subscriptionUri()
                    + "', politeness: {delay: 0}, schedule: PT1S, approved: true}\nserver:\n  min-free-space: 1MB\n",
                    StandardCharsets.UTF_8);
            Path log = dir.resolve("serve.log");
            Process server = serve(config, store.dir(), log);
            try {
                URI base = awaitListening(server, log);
                await("ready", () -> readyz(base) == 200, server, log);

                Path filler = store.fill(0);
                feed.publishNew(5); // the next runs write into the full disk
                await("not ready", () -> readyz(base) == 503, server, log);
                long end = System.nanoTime() + Duration.ofSeconds(8).toNanos();
                while (System.nanoTime() < end) {
                    assertThat(readyz(base)).as("still not ready while full").isEqualTo(503);
                }
                Files.delete(filler);
                await("ready again", () -> readyz(base) == 200, server, log);
                // the monitor logs on its own beat, after /readyz may already answer 200: wait for its line
                await("the monitor's ready-again line", () -> logged(log, "ready again: dataDirectory"), server, log);
            } finally {
                new ProcessBuilder("kill", "-TERM", Long.toString(server.pid())).start().waitFor();
                if (!server.waitFor(30, TimeUnit.SECONDS)) {
                    server.destroyForcibly();
                }
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String all = String.join("\n", lines);
            assertThat(lines).as(all).filteredOn(l -> l.contains("not ready: dataDirectory")).hasSize(1);
            assertThat(lines).as(all).filteredOn(l -> l.contains("ready again: dataDirectory")).hasSize(1);
            assertThat(lines).as(all).filteredOn(l -> l.contains("not ready: freeSpace")).hasSize(1);
            assertThat(lines).as("no stack traces:%n%s", all)
                    .noneMatch(l -> l.startsWith("\tat ") || l.startsWith("Caused by:") || l.contains("Exception:"));
        }
    }

    private static boolean logged(Path log, String text) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    private int readyz(URI base) {
        try {
            return http.send(HttpRequest.newBuilder(base.resolve("readyz")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void await(String what, BooleanSupplier condition, Process p, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!condition.getAsBoolean()) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("not " + what + ":\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            p.waitFor(200, TimeUnit.MILLISECONDS);
        }
    }

    private static URI awaitListening(Process p, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            String out = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            Matcher m = LISTENING.matcher(out);
            if (m.find()) {
                return URI.create(m.group(1));
            }
            if (!p.isAlive()) {
                throw new AssertionError("the server ended with exit " + p.exitValue() + ":\n" + out);
            }
            p.waitFor(100, TimeUnit.MILLISECONDS);
        }
        throw new AssertionError("not listening within 60 s");
    }

    private static Process serve(Path config, Path store, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(List.of("serve", "--config", config.toString(), "--store", store.toString(), "--port", "0"));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
