package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lexsync serve} starts on the runtime class path alone — the jars the package puts in {@code target/lib},
 * written by the build to {@code target/runtime-classpath.txt} — and answers {@code /healthz} and {@code /readyz}. The
 * other tests start their children with the test class path, which also holds the test-scope jars: a runtime jar left
 * at test scope (the servlet API once) made the packaged {@code lexsync serve} fail at start while they all passed.
 */
class PackagedServeTest {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+/)");

    @TempDir
    Path dir;

    @Test
    void serveStartsOnTheRuntimeClassPathAndAnswersHealthAndReadiness() throws Exception {
        String runtime = Files.readString(Path.of("target/runtime-classpath.txt"), StandardCharsets.UTF_8).strip();
        String classPath = Path.of("target/classes").toAbsolutePath() + File.pathSeparator + runtime;
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "sources: []\n", StandardCharsets.UTF_8);
        Path log = dir.resolve("serve.log");
        Process serve = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                classPath, Main.class.getName(), "serve", "--config", config.toString(), "--store",
                dir.resolve("store").toString(), "--port", "0"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            URI base = URI.create(awaitListening(serve, log));
            HttpClient http = HttpClient.newHttpClient();
            for (String path : List.of("healthz", "readyz")) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path))
                        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
            }
        } finally {
            new ProcessBuilder("kill", "-TERM", Long.toString(serve.pid())).start().waitFor();
            if (!serve.waitFor(30, TimeUnit.SECONDS)) {
                serve.destroyForcibly();
            }
        }
        assertThat(serve.exitValue()).as(read(log)).isZero();
    }

    private static String awaitListening(Process p, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(read(log));
            if (m.find()) {
                return m.group(1);
            }
            if (!p.isAlive()) {
                throw new AssertionError("lexsync serve ended with exit " + p.exitValue() + ":\n" + read(log));
            }
            p.waitFor(100, TimeUnit.MILLISECONDS);
        }
        throw new AssertionError("lexsync serve did not listen within 90 s:\n" + read(log));
    }

    private static String read(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }
}
